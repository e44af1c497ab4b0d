import { CSRF_HEADER } from '@kiln/shared';
import type { QueryFunction } from '@tanstack/react-query';
import { ensureCsrfToken } from './csrf';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A non-2xx becomes an Error reading `{status}: {body text or status text}`. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new Error(`${response.status}: ${text}`);
}

/**
 * The one request helper: cookies always, a JSON content type only with a body, and the CSRF
 * header on state-changing calls (decision 0002).
 */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  const isForm = typeof FormData !== 'undefined' && data instanceof FormData;
  if (data !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (UNSAFE.has(method.toUpperCase())) headers[CSRF_HEADER] = await ensureCsrfToken();
  const body = data === undefined ? undefined : isForm ? data : JSON.stringify(data);
  const response = await fetch(url, { method, headers, body, credentials: 'include' });
  await throwIfNotOk(response);
  return response;
}

/** Sends a request and parses the JSON answer. */
export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const response = await apiRequest(method, url, data);
  return (await response.json()) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default read: a GET to the query key's segments joined by slashes. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const response = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (options.on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

/** The JSON body of a helper error (`{status}: {json}`), or null when it carries none of ours. */
function helperErrorBody(
  error: unknown,
): { error?: unknown; message?: unknown; code?: unknown } | null {
  if (!(error instanceof Error)) return null;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return null;
  try {
    const body: unknown = JSON.parse(match[1] ?? '');
    return typeof body === 'object' && body !== null ? body : null;
  } catch {
    // Not JSON: a proxy page or plain text.
    return null;
  }
}

/**
 * Reads the server's `error` field back out of a helper error (`{status}: {json}`), which the
 * failure toasts show; falls back when the body is not one of ours.
 */
export function serverErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const body = helperErrorBody(error);
  if (!body) return /^\d{3}: /.test(error.message) ? fallback : error.message || fallback;
  if (typeof body.error === 'string' && body.error) return body.error;
  if (typeof body.message === 'string' && body.message) return body.message;
  return fallback;
}

/** The server's error code of a helper error (`PLAN_LIMIT`), for screens that branch on it. */
export function serverErrorCode(error: unknown): string | null {
  const code = helperErrorBody(error)?.code;
  return typeof code === 'string' && code ? code : null;
}

/** The HTTP status carried by a helper error, if any. */
export function errorStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : undefined;
}
