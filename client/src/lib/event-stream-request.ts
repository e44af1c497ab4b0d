import { CSRF_HEADER } from '@kiln/shared';
import { ensureCsrfToken } from './csrf';

/**
 * A non-2xx answer to a streaming request. The message keeps the helpers' `{status}: {body}`
 * form (request.ts), and the parsed `{error, code}` rides along so a screen can branch on the
 * code rather than on the text.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** The body's `error` field: the sentence meant for people. */
  readonly serverMessage: string | null;

  constructor(status: number, body: string) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
    this.status = status;
    const parsed = parseErrorBody(body);
    this.code = parsed.code;
    this.serverMessage = parsed.error;
  }
}

function parseErrorBody(body: string): { error: string | null; code: string | null } {
  try {
    const value: unknown = JSON.parse(body);
    if (typeof value !== 'object' || value === null) return { error: null, code: null };
    const { error, code } = value as { error?: unknown; code?: unknown };
    return {
      error: typeof error === 'string' && error ? error : null,
      code: typeof code === 'string' && code ? code : null,
    };
  } catch {
    // A proxy's page or plain text: no fields to read.
    return { error: null, code: null };
  }
}

/**
 * POSTs JSON asking for Server-Sent Events and answers the event stream's body. Like apiRequest
 * it sends cookies and the CSRF header; a non-2xx before the stream starts throws an ApiError.
 * Aborting `signal` cancels the request and the reading of its body.
 */
export async function postForEventStream(
  url: string,
  data: unknown,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
      [CSRF_HEADER]: await ensureCsrfToken(),
    },
    body: JSON.stringify(data),
    credentials: 'include',
    signal,
  });
  if (!response.ok) {
    throw new ApiError(response.status, (await response.text()) || response.statusText);
  }
  if (!response.body) throw new Error('The server sent no event stream.');
  return response.body;
}
