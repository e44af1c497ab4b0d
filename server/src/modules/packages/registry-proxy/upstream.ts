import { fetchPinned, RefusedAddressError, type AddressRule } from '../../../lib/pinned-address';

/** The registry could not be reached at all: refused, unknown host, timed out. */
export class UpstreamUnreachableError extends Error {
  constructor(
    readonly url: string,
    readonly detail: string,
  ) {
    super(`${new URL(url).origin} could not be reached: ${detail}`);
    this.name = 'UpstreamUnreachableError';
  }
}

/** What went wrong at the network level, in a word a person can search for. */
function describeFailure(error: unknown, timeoutMs: number): string {
  const failure = error as {
    name?: string;
    code?: string;
    message?: string;
    cause?: { code?: string; message?: string };
  };
  if (failure.name === 'TimeoutError' || failure.name === 'AbortError') {
    return `no answer within ${Math.round(timeoutMs / 1000)} s`;
  }
  return (
    failure.cause?.code ??
    failure.cause?.message ??
    failure.code ??
    failure.message ??
    String(error)
  );
}

/**
 * One request to a registry or an archive's host, connected to an address `allow` accepted
 * (lib/pinned-address.ts; RefusedAddressError otherwise), with a deadline covering the whole
 * answer: the signal stays armed while the caller reads the body. Redirects are answered, not
 * followed, so the caller checks where each one leads. Network failures become
 * UpstreamUnreachableError.
 */
export async function fetchUpstream(
  url: string,
  options: { headers: Record<string, string>; allow: AddressRule; timeoutMs: number },
): Promise<Response> {
  try {
    return await fetchPinned(url, {
      headers: options.headers,
      allow: options.allow,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    if (error instanceof RefusedAddressError) throw error;
    throw new UpstreamUnreachableError(url, describeFailure(error, options.timeoutMs));
  }
}

/** Reads a whole body, refusing one larger than `maxBytes` (a runaway or hostile answer). */
export async function readBodyCapped(
  response: Response,
  maxBytes: number,
  timeoutMs: number,
): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of bodyBytes(response, timeoutMs)) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      await response.body?.cancel().catch(() => {});
      return null;
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** Iterates a body's bytes, turning a dropped connection or the deadline into the same error. */
export async function* bodyBytes(
  response: Response,
  timeoutMs: number,
): AsyncGenerator<Uint8Array> {
  if (!response.body) return;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const read = await reader.read().catch((error: unknown) => {
        throw new UpstreamUnreachableError(response.url, describeFailure(error, timeoutMs));
      });
      if (read.done) return;
      yield read.value;
    }
  } finally {
    reader.releaseLock();
  }
}
