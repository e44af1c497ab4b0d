import { types, type PGlite, type Transaction } from '@electric-sql/pglite';

const asText = (value: string) => value;

/**
 * What drizzle-orm/pglite asks PGlite to leave as text (it makes the dates itself): dates, times
 * and intervals, and their arrays (numeric[] 1231, timestamp[] 1115, timestamptz[] 1185,
 * interval[] 1187, date[] 1182), as its session passes them with every query.
 */
export const DRIZZLE_TEXT_PARSERS: Readonly<Record<number, (value: string) => string>> = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText,
  1115: asText,
  1185: asText,
  1187: asText,
  1182: asText,
};

type QueryOptions = Parameters<PGlite['query']>[2];

/**
 * Handed per query, those parsers make PGlite copy its whole parser table (over 300 entries) to
 * merge them, on every query. The client drizzle is given holds them already (forDrizzle), so the
 * per-query copy says nothing new and is dropped. A set drizzle passes that the client does not
 * hold goes through untouched: a drizzle upgrade can cost speed here, never correctness.
 */
function withoutPresetParsers(options: QueryOptions): QueryOptions {
  const parsers = options?.parsers;
  if (!parsers) return options;
  if (!Object.keys(parsers).every((oid) => oid in DRIZZLE_TEXT_PARSERS)) return options;
  const rest = { ...options };
  delete rest.parsers;
  return rest;
}

function queryWithoutPresetParsers<Client extends Pick<PGlite, 'query'> | Transaction>(
  client: Client,
): Client['query'] {
  return ((text: string, params?: unknown[], options?: QueryOptions) =>
    client.query(text, params, withoutPresetParsers(options))) as Client['query'];
}

/**
 * The client drizzle is given: the same PGlite, holding drizzle's parsers, whose queries (in and
 * out of transactions) no longer hand them over each time. They are set once PGlite is ready:
 * its start-up derives every array type's parser from its element's, which would replace a
 * timestamp[] parser set at construction.
 */
export async function forDrizzle(client: PGlite): Promise<PGlite> {
  await client.waitReady;
  Object.assign(client.parsers, DRIZZLE_TEXT_PARSERS);
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return queryWithoutPresetParsers(target);
      if (key === 'transaction') {
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) =>
            callback(
              new Proxy(tx, {
                get: (inner, innerKey) =>
                  innerKey === 'query'
                    ? queryWithoutPresetParsers(inner)
                    : bound(inner, Reflect.get(inner, innerKey, inner)),
              }),
            ),
          );
      }
      return bound(target, Reflect.get(target, key, target));
    },
  });
}

/** PGlite keeps private state, so its methods run on the real object, never the proxy. */
function bound(owner: object, value: unknown) {
  return typeof value === 'function'
    ? (value as (...args: unknown[]) => unknown).bind(owner)
    : value;
}
