import { CSRF_HEADER } from '@kiln/shared';
import type { QueryFunction } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { ensureCsrfToken } from './csrf';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A non-2xx becomes an ApiError carrying the server's code and sentence. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  throw await ApiError.fromResponse(response);
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
