import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError, responseCookie } from '../../test/assertions';
import { uniqueEmail } from '../../test/factories';

interface SetCookie {
  name: string;
  value: string;
  domain?: string;
  maxAge?: number;
}

/**
 * A browser on https behind a proxy that says so (TRUST_PROXY=true, X-Forwarded-Proto: https).
 * It keeps cookies like a browser and sends the CSRF header from `__Host-csrf_token` unless told.
 */
class HttpsBrowser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly t: TestApp) {}

  async send(
    method: 'GET' | 'POST',
    url: string,
    options: { body?: unknown; csrf?: string | null } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { 'x-forwarded-proto': 'https' };
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers.cookie = cookie;
    const csrf = options.csrf === undefined ? this.cookies.get('__Host-csrf_token') : options.csrf;
    if (method === 'POST' && csrf) headers['x-csrf-token'] = csrf;
    const response = await this.t.app.inject({
      method,
      url,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
    for (const set of response.cookies as SetCookie[]) {
      if (set.value === '' || set.maxAge === 0) this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return response;
  }
}

describe('cookies over https are __Host- cookies (docs/decisions/0002)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  const expectHostCookie = (response: LightMyRequestResponse, name: string, httpOnly: boolean) => {
    const cookie = responseCookie(response, name) as SetCookie & Record<string, unknown>;
    expect(cookie, name).toMatchObject({ secure: true, path: '/', sameSite: 'Lax' });
    expect(Boolean(cookie.httpOnly), name).toBe(httpOnly);
    expect(cookie.domain, name).toBeUndefined();
    return cookie;
  };

  async function register(browser: HttpsBrowser) {
    await browser.send('GET', '/api/auth/csrf');
    const email = uniqueEmail('https');
    const response = await browser.send('POST', '/api/auth/register', {
      body: { email, password: 'secret-password' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return { email, response };
  }

  it('names the CSRF and pre-session cookies __Host-… with Secure and Path=/', async () => {
    const response = await new HttpsBrowser(t).send('GET', '/api/auth/csrf');
    const csrf = expectHostCookie(response, '__Host-csrf_token', false);
    expectHostCookie(response, '__Host-csrf_presession', true);
    expect(response.json()).toEqual({ csrfToken: csrf.value });
    expect(responseCookie(response, 'csrf_token')).toBeUndefined();
    expect(responseCookie(response, 'csrf_presession')).toBeUndefined();
  });

  it('names the session cookie __Host-session_token and rotates the CSRF cookie at sign-in', async () => {
    const browser = new HttpsBrowser(t);
    await browser.send('GET', '/api/auth/csrf');
    const before = browser.cookies.get('__Host-csrf_token');
    const { response } = await register(browser);
    expectHostCookie(response, '__Host-session_token', true);
    const after = expectHostCookie(response, '__Host-csrf_token', false);
    expect(after.value).not.toBe(before);
    expect(responseCookie(response, 'session_token')).toBeUndefined();

    expect((await browser.send('GET', '/api/auth/me')).statusCode).toBe(200);
    const project = await browser.send('POST', '/api/projects', { body: { name: 'Over https' } });
    expect(project.statusCode, project.body).toBe(201);
  });

  it('clears the session cookie at sign-out with the attributes __Host- needs', async () => {
    const browser = new HttpsBrowser(t);
    await register(browser);
    const logout = await browser.send('POST', '/api/auth/logout');
    expect(logout.statusCode).toBe(200);
    const cleared = expectHostCookie(logout, '__Host-session_token', true);
    expect(cleared.value).toBe('');
    expectHostCookie(logout, '__Host-csrf_token', false);
    expect((await browser.send('GET', '/api/auth/me')).statusCode).toBe(401);
  });

  it('ignores cookies without the prefix: they may have been planted by a sibling subdomain', async () => {
    const browser = new HttpsBrowser(t);
    await register(browser);
    const session = browser.cookies.get('__Host-session_token')!;
    const token = browser.cookies.get('__Host-csrf_token')!;

    const planted = new HttpsBrowser(t);
    planted.cookies.set('session_token', session);
    planted.cookies.set('csrf_token', token);
    expectError(await planted.send('GET', '/api/auth/me'), 401, 'UNAUTHENTICATED');
    expectError(
      await planted.send('POST', '/api/projects', { body: { name: 'Planted' }, csrf: token }),
      403,
      'CSRF_FAILED',
    );
  });

  it('refuses a state-changing request without the header, as over http', async () => {
    const browser = new HttpsBrowser(t);
    await register(browser);
    const response = await browser.send('POST', '/api/auth/logout', { csrf: null });
    expectError(response, 403, 'CSRF_FAILED');
    expect((await browser.send('GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('keeps the bare names, without Secure, for the same app reached over http', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/csrf' });
    expect(responseCookie(response, 'csrf_token')).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(responseCookie(response, 'csrf_token')?.secure).toBeFalsy();
    expect(responseCookie(response, '__Host-csrf_token')).toBeUndefined();
  });
});
