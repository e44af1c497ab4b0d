import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@kiln/shared';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave out the CSRF header, to prove the server refuses such a request. */
  withoutCsrf?: boolean;
  remoteAddress?: string;
}

/** A browser stand-in: keeps cookies between requests and sends the CSRF header as the client does. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  async request(method: Method, url: string, options: RequestOptions = {}) {
    if (method !== 'GET' && !this.cookies.has(CSRF_COOKIE))
      await this.request('GET', '/api/health');
    const headers: Record<string, string> = { ...options.headers };
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers.cookie = cookie;
    const csrf = this.cookies.get(CSRF_COOKIE);
    if (csrf && !options.withoutCsrf && method !== 'GET') headers[CSRF_HEADER] = csrf;
    const inject: InjectOptions = { method, url, headers };
    if (options.remoteAddress) inject.remoteAddress = options.remoteAddress;
    if (options.body !== undefined) inject.payload = options.body as InjectOptions['payload'];
    const response = await this.app.inject(inject);
    this.keepCookies(response);
    return response;
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, options);
  }
  post(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('POST', url, { ...options, body });
  }
  patch(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('PATCH', url, { ...options, body });
  }
  delete(url: string, options?: RequestOptions) {
    return this.request('DELETE', url, options);
  }

  private keepCookies(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      expires?: Date;
      maxAge?: number;
    }>) {
      const expired =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

export const json = <T = Record<string, unknown>>(response: LightMyRequestResponse) =>
  response.json<T>();
