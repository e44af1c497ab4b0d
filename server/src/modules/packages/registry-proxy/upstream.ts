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
    message?: string;
    cause?: { code?: string; message?: string };
  };
  if (failure.name === 'TimeoutError' || failure.name === 'AbortError') {
    return `no answer within ${Math.round(timeoutMs / 1000)} s`;
  }
  return failure.cause?.code ?? failure.cause?.message ?? failure.message ?? String(error);
}

/**
 * One request to a registry, with a deadline covering the whole answer: the signal stays armed
 * while the caller reads the body. Network failures become UpstreamUnreachableError.
 */
export async function fetchUpstream(
  url: string,
  options: { headers: Record<string, string>; redirect: 'follow' | 'manual'; timeoutMs: number },
): Promise<Response> {
  try {
    return await fetch(url, {
      headers: options.headers,
      redirect: options.redirect,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
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
