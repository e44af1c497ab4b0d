import { CSRF_HEADER } from '@kiln/shared';
import { ensureCsrfToken } from './csrf';
import { throwIfNotOk } from './request';

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
  await throwIfNotOk(response);
  if (!response.body) throw new Error('The server sent no event stream.');
  return response.body;
}
