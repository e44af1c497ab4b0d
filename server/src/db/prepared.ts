import type { DbOrTx } from './client';

const preparedBy = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * A query built once per database handle (or transaction) and reused: drizzle otherwise builds
 * its SQL text again on every call, which on the hottest reads (the session behind a cookie, a
 * project's access) costs more than the database does. On PostgreSQL the name also makes it a
 * prepared statement, parsed once per connection. Each call site gives a name of its own, the
 * same for the same text (PostgreSQL refuses one name for two texts).
 */
export function preparedFor<Prepared>(
  db: DbOrTx,
  name: string,
  prepare: (db: DbOrTx, name: string) => Prepared,
): Prepared {
  let byName = preparedBy.get(db);
  if (!byName) {
    byName = new Map();
    preparedBy.set(db, byName);
  }
  if (!byName.has(name)) byName.set(name, prepare(db, name));
  return byName.get(name) as Prepared;
}
