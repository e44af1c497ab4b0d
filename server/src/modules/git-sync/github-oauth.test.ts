import { LOCAL_GIT_HOSTS } from '../../test/git-server';
import type { GitConnection } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { startGitHubDouble, type GitHubDouble } from '../../test/github-double';
import { expectOk } from '../../test/git-sync';

describe('sign in with GitHub', () => {
  let t: TestApp;
  let unconfigured: TestApp;
  let github: GitHubDouble;
  beforeAll(async () => {
    github = await startGitHubDouble();
    [t, unconfigured] = await Promise.all([
      createTestApp({
        ...LOCAL_GIT_HOSTS,
        GITHUB_API_URL: github.apiUrl,
        GITHUB_OAUTH_URL: github.apiUrl,
        GITHUB_CLIENT_ID: github.oauth.clientId,
        GITHUB_CLIENT_SECRET: github.oauth.clientSecret,
      }),
      createTestApp(LOCAL_GIT_HOSTS),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), unconfigured.close()]);
    await github.close();
  });

  it('sends a person to GitHub and back, connected, when the state matches', async () => {
    const owner = await signUp(t.app);
    expect(
      expectOk<GitConnection>(await owner.client.get('/api/github/connection')).oauthAvailable,
    ).toBe(true);
    const start = await owner.client.get('/api/github/oauth/start?returnTo=/editor/abc');
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin + authorize.pathname).toBe(`${github.apiUrl}/login/oauth/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: github.oauth.clientId,
      redirect_uri: 'http://kiln.test/api/github/oauth/callback',
      scope: 'repo',
    });
    const state = authorize.searchParams.get('state')!;
    expect(state.length).toBeGreaterThan(20);

    // A state that is not the one handed out connects nothing.
    const forged = await owner.client.get(
      `/api/github/oauth/callback?code=${github.oauth.code}&state=forged`,
    );
    expect(forged.headers.location).toBe('/editor/abc?github=error');
    expect(
      expectOk<GitConnection>(await owner.client.get('/api/github/connection')).connected,
    ).toBe(false);

    const again = new URL(
      (await owner.client.get('/api/github/oauth/start?returnTo=/editor/abc')).headers
        .location as string,
    ).searchParams.get('state')!;
    const back = await owner.client.get(
      `/api/github/oauth/callback?code=${github.oauth.code}&state=${again}`,
    );
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/editor/abc?github=connected');
    expect(expectOk<GitConnection>(await owner.client.get('/api/github/connection'))).toMatchObject(
      {
        connected: true,
        host: 'github.com',
        account: github.login,
      },
    );
    expect(back.body).not.toContain(github.token);
  });

  it('refuses a code GitHub does not grant, a foreign return address, and a server without the app', async () => {
    const owner = await signUp(t.app);
    const start = await owner.client.get('/api/github/oauth/start?returnTo=//evil.example/x');
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const back = await owner.client.get(`/api/github/oauth/callback?code=wrong&state=${state}`);
    expect(back.headers.location).toBe('/dashboard?github=error');
    expect(
      expectOk<GitConnection>(await owner.client.get('/api/github/connection')).connected,
    ).toBe(false);

    expectError(await new TestClient(t.app).get('/api/github/oauth/start'), 401, 'UNAUTHENTICATED');
    expectError(
      await new TestClient(t.app).get('/api/github/oauth/callback?code=x&state=y'),
      401,
      'UNAUTHENTICATED',
    );
    const other = await signUp(unconfigured.app);
    expect(
      expectOk<GitConnection>(await other.client.get('/api/github/connection')).oauthAvailable,
    ).toBe(false);
    expectError(await other.client.get('/api/github/oauth/start'), 503, 'SERVICE_UNAVAILABLE');
  });
});
