import { lookup as systemLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';

/** Whether a connection may go to one address a host name stands for. */
export type AddressRule = (address: string) => boolean;

/** Every address a host name stands for (tests stand in for DNS with their own). */
export type Resolver = (hostname: string) => Promise<string[]>;

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** A host that stands for an address its rule refuses; nothing was sent to it. */
export class RefusedAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} stands for ${address}, which may not be reached`);
    this.name = 'RefusedAddressError';
  }
}

const resolveWithSystem: Resolver = async (hostname) =>
  (await systemLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Resolves a host name and checks every address it stands for (a name with one public and one
 * private address is refused: which one a connection would use is not ours to choose). Answers
 * the address to connect to. A name that does not resolve fails as a connection would.
 */
export async function resolveCheckedAddress(
  hostname: string,
  allow: AddressRule,
  resolve: Resolver = resolveWithSystem,
): Promise<CheckedAddress> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(bare) ? [bare] : await resolve(bare);
  const first = addresses[0];
  if (first === undefined) {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${bare}`), { code: 'ENOTFOUND' });
  }
  const refused = addresses.find((address) => !allow(address));
  if (refused !== undefined) throw new RefusedAddressError(hostname, refused);
  return { address: first, family: isIP(first) === 6 ? 6 : 4 };
}

/**
 * Name resolution that answers the checked address and nothing else, so the connection goes
 * where the check looked even if the name now stands for something else (DNS rebinding). TLS
 * still verifies the certificate against the host name, which the request keeps.
 */
function pinnedLookup(checked: CheckedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: checked.address, family: checked.family }]);
    else callback(null, checked.address, checked.family);
  };
}

/** Agents kept for reuse (keep-alive), each bound to one checked address of one origin. */
const agents = new Map<string, http.Agent>();
const AGENTS_KEPT = 32;

/** An agent whose every connection goes to exactly the checked address. */
function pinnedAgent(url: URL, checked: CheckedAddress): http.Agent {
  const key = `${url.protocol}//${url.host}@${checked.address}`;
  const known = agents.get(key);
  if (known) {
    // Most recently used last, so the oldest is the one let go.
    agents.delete(key);
    agents.set(key, known);
    return known;
  }
  const options = { keepAlive: true, lookup: pinnedLookup(checked) };
  const agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
  agents.set(key, agent);
  if (agents.size > AGENTS_KEPT) {
    const [oldestKey, oldest] = agents.entries().next().value!;
    agents.delete(oldestKey);
    oldest.destroy();
  }
  return agent;
}

export interface PinnedRequestInit {
  /** Which addresses the host may stand for; every address its name resolves to must pass. */
  allow: AddressRule;
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** Covers the whole exchange, the answer's body included, as fetch's signal does. */
  signal?: AbortSignal;
  resolve?: Resolver;
}

/** Statuses whose answer has no body, as fetch treats them. */
const NO_BODY = new Set([204, 205, 304]);

/** A decoder for the content codings fetch undoes, lenient about a cut-off end as fetch is. */
function decoderFor(coding: string): NodeJS.ReadWriteStream | null {
  const lenient = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  if (coding === 'gzip' || coding === 'x-gzip') return zlib.createGunzip(lenient);
  if (coding === 'deflate') return zlib.createInflate(lenient);
  if (coding === 'br') return zlib.createBrotliDecompress();
  return null;
}

/**
 * The answer as a fetch Response. Its body is the bytes as they arrive, decoded; when the
 * signal fires while it is read, reading fails with the signal's reason, as with fetch.
 */
function toResponse(
  url: URL,
  method: string,
  incoming: http.IncomingMessage,
  signal: AbortSignal | undefined,
): Response {
  const status = incoming.statusCode ?? 0;
  if (status < 200 || status > 599) {
    incoming.destroy();
    throw new TypeError('fetch failed', { cause: new Error(`unusable HTTP status ${status}`) });
  }
  const headers = new Headers();
  for (let index = 0; index + 1 < incoming.rawHeaders.length; index += 2) {
    headers.append(incoming.rawHeaders[index]!, incoming.rawHeaders[index + 1]!);
  }
  let body: ReadableStream<Uint8Array> | null = null;
  if (method === 'HEAD' || NO_BODY.has(status)) {
    incoming.resume();
  } else {
    const decoder = decoderFor((headers.get('content-encoding') ?? '').trim().toLowerCase());
    const bytes: Readable = decoder
      ? (pipeline(incoming, decoder, () => {}) as unknown as Readable)
      : incoming;
    if (signal) {
      const stop = () => {
        bytes.destroy(signal.reason as Error);
        incoming.destroy();
      };
      signal.addEventListener('abort', stop, { once: true });
      bytes.once('close', () => signal.removeEventListener('abort', stop));
    }
    body = Readable.toWeb(bytes) as ReadableStream<Uint8Array>;
  }
  const response = new Response(body, {
    status,
    statusText: incoming.statusMessage ?? '',
    headers,
  });
  // A constructed Response has no address of its own; callers name it in messages.
  Object.defineProperty(response, 'url', { value: url.href });
  return response;
}

/**
 * One HTTP request to an address checked when it is made: the host's name is resolved, every
 * address is checked with `allow`, and the connection goes to exactly the checked one. Redirects
 * are never followed: a caller that follows one asks again, so each hop is checked and pinned
 * in turn. Answers a fetch Response and fails as fetch fails (the signal's reason when aborted,
 * a TypeError whose cause says why otherwise), except that a refused address throws
 * RefusedAddressError before anything is sent.
 */
export async function fetchPinned(
  target: string | URL,
  init: PinnedRequestInit,
): Promise<Response> {
  const url = new URL(target);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError('fetch failed', { cause: new Error(`unsupported scheme ${url.protocol}`) });
  }
  init.signal?.throwIfAborted();
  const checked = await resolveCheckedAddress(url.hostname, init.allow, init.resolve).catch(
    (error: unknown) => {
      if (error instanceof RefusedAddressError) throw error;
      throw new TypeError('fetch failed', { cause: error });
    },
  );
  init.signal?.throwIfAborted();
  const method = (init.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
  for (const [name, value] of Object.entries(init.headers ?? {})) {
    headers[name.toLowerCase()] = value;
  }
  if (init.body) headers['content-length'] = String(init.body.length);
  const send = url.protocol === 'https:' ? https.request : http.request;
  const { signal } = init;
  return new Promise<Response>((resolve, reject) => {
    const outgoing = send(url, { method, headers, agent: pinnedAgent(url, checked) });
    // Until the answer's head arrives the signal ends the request; after, its body (toResponse).
    const stop = () => outgoing.destroy(signal?.reason as Error);
    signal?.addEventListener('abort', stop, { once: true });
    outgoing.on('error', (error) => {
      signal?.removeEventListener('abort', stop);
      reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error }));
    });
    outgoing.on('response', (incoming) => {
      signal?.removeEventListener('abort', stop);
      try {
        resolve(toResponse(url, method, incoming, signal));
      } catch (error) {
        reject(error);
      }
    });
    outgoing.end(init.body);
  });
}
