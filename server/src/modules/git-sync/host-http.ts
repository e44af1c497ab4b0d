import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';
import { AppError } from '../../lib/app-error';
import type { HostRequest } from './host-guard';

/** Redirects one call follows within its host (a renamed repository, a moved path). */
const MAX_REDIRECTS = 3;

export interface HostCall {
  method: string;
  headers: Record<string, string>;
  /** A buffer, so a 307 or 308 can send it again. */
  body?: Buffer;
  signal?: AbortSignal;
}

/**
 * Where a Git host's redirect leads, when Kiln follows it: within the same origin only (scheme,
 * host and port). The token goes with every request to the host, so a redirect to another host,
 * another port or plain http is refused rather than followed with the token or without it: the
 * host it names has not been checked by the person, and may be an address Kiln must not reach.
 */
export function redirectWithinOrigin(from: string, location: string): URL {
  const origin = new URL(from).origin;
  const next = new URL(location, from);
  if (next.origin !== origin) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The Git host at ${origin} redirected Kiln to ${next.origin}. Kiln follows a Git host's redirects only within the same address; if the repository moved, link it at its new address.`,
    );
  }
  return next;
}

/**
 * The request after a redirect, as `git` makes it: a POST stays a POST with its body through a
 * 301, 302, 307 or 308 (git asks curl for that, as Git hosts expect), and a 303 turns into a GET.
 */
function afterRedirect(status: number, call: HostCall): HostCall {
  if (status !== 303 || call.method === 'GET' || call.method === 'HEAD') return call;
  const headers = Object.fromEntries(
    Object.entries(call.headers).filter(
      ([name]) => !['content-type', 'content-length'].includes(name.toLowerCase()),
    ),
  );
  return { method: 'GET', headers, ...(call.signal ? { signal: call.signal } : {}) };
}

/**
 * One call to a Git host through the guard, following its redirects within its origin; each
 * hop is checked and pinned again. Answers the final response and where it came from.
 */
export async function callGitHost(
  request: HostRequest,
  url: string,
  call: HostCall,
): Promise<{ response: Response; url: string }> {
  let current = { url, call };
  for (let redirects = 0; ; redirects += 1) {
    const response = await request(current.url, current.call);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      return { response, url: current.url };
    }
    await response.body?.cancel().catch(() => {});
    const next = redirectWithinOrigin(current.url, location);
    if (redirects >= MAX_REDIRECTS) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        `The Git host at ${next.origin} redirected Kiln more than ${MAX_REDIRECTS} times; try again later`,
      );
    }
    current = { url: next.href, call: afterRedirect(response.status, current.call) };
  }
}

async function collect(body: NonNullable<GitHttpRequest['body']>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function* chunksOf(body: ReadableStream<Uint8Array> | null): AsyncGenerator<Uint8Array> {
  if (!body) return;
  // A reader rather than `for await`: the DOM typings (the benches') have no async iterator.
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

/**
 * isomorphic-git's HTTP client for one remote: every request goes through the host guard and
 * follows redirects within the host only (its own Node client followed up to ten, to any host).
 * Each request is bounded in time so a host that hangs cannot hold an operation.
 */
export function gitHttpClient(request: HostRequest, timeoutMs: number): HttpClient {
  return {
    async request(outgoing: GitHttpRequest): Promise<GitHttpResponse> {
      const method = (outgoing.method ?? 'GET').toUpperCase();
      const body = outgoing.body ? await collect(outgoing.body) : undefined;
      const { response, url } = await callGitHost(request, outgoing.url, {
        method,
        headers: outgoing.headers ?? {},
        ...(body ? { body } : {}),
        signal: outgoing.signal ?? AbortSignal.timeout(timeoutMs),
      });
      return {
        url,
        method,
        statusCode: response.status,
        statusMessage: response.statusText,
        headers: Object.fromEntries(response.headers),
        body: chunksOf(response.body),
      };
    },
  };
}
