import type { PackageStatus } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { freePort } from '../../test/free-port';
import { NEEDS_BUBBLEWRAP, NOTHING_TO_INSTALL } from './service';
import { install, ownerWithProject } from './test-packages';

const PACKAGE_JSON = JSON.stringify({ name: 'app', dependencies: { 'tiny-greet': '^1.0.0' } });

describe('package installs that cannot happen', needs('bwrap'), () => {
  let t: TestApp;
  let closed: string;

  beforeAll(async () => {
    // Nothing listens there: both registries are down.
    closed = `http://127.0.0.1:${await freePort()}`;
    t = await createTestApp({ NPM_REGISTRY_URL: `${closed}/`, PIP_INDEX_URL: `${closed}/simple/` });
  }, 60_000);

  afterAll(() => t?.close());

  it('answers 401 to a signed-out visitor and 404 for another person or no project', async () => {
    const p = await ownerWithProject(t.app, { 'package.json': PACKAGE_JSON });
    const anonymous = new TestClient(t.app);
    const id = p.project.id;
    expectError(await anonymous.get(`/api/packages/${id}`), 401, 'UNAUTHENTICATED');
    expectError(await anonymous.post(`/api/packages/${id}/install`), 401, 'UNAUTHENTICATED');
    expectError(
      await anonymous.request('PUT', `/api/packages/${id}/settings`, {
        body: { allowScripts: true },
      }),
      401,
      'UNAUTHENTICATED',
    );

    const stranger = await signUp(t.app);
    expectError(await stranger.client.get(`/api/packages/${id}`), 404, 'NOT_FOUND');
    expectError(await stranger.client.post(`/api/packages/${id}/install`), 404, 'NOT_FOUND');
    expectError(
      await stranger.client.request('PUT', `/api/packages/${id}/settings`, {
        body: { allowScripts: true },
      }),
      404,
      'NOT_FOUND',
    );
    expectError(await p.client.get('/api/packages/not-a-project'), 404, 'NOT_FOUND');
    expectError(
      await p.client.post('/api/packages/00000000-0000-4000-8000-000000000000/install'),
      404,
      'NOT_FOUND',
    );
    expect((await p.status()).allowScripts).toBe(false);
  });

  it('refuses a change without the CSRF header, and a setting that is not a boolean', async () => {
    const p = await ownerWithProject(t.app, { 'package.json': PACKAGE_JSON });
    const id = p.project.id;
    expectError(
      await p.client.post(`/api/packages/${id}/install`, undefined, { withoutCsrf: true }),
      403,
      'CSRF_FAILED',
    );
    expectError(
      await p.client.request('PUT', `/api/packages/${id}/settings`, {
        body: { allowScripts: true },
        withoutCsrf: true,
      }),
      403,
      'CSRF_FAILED',
    );
    expect(
      expectError(
        await p.client.request('PUT', `/api/packages/${id}/settings`, {
          body: { allowScripts: 'yes' },
        }),
        400,
        'VALIDATION_FAILED',
      ),
    ).toBe('allowScripts must be true or false');
    expect((await p.status()).allowScripts).toBe(false);
  });

  it('says there is nothing to install in a project without a manifest', async () => {
    const p = await ownerWithProject(t.app, { 'index.js': 'console.log(1);\n' });
    expect((await p.status()).ecosystems).toEqual([]);
    expect(
      expectError(
        await p.client.post(`/api/packages/${p.project.id}/install`),
        400,
        'VALIDATION_FAILED',
      ),
    ).toBe(NOTHING_TO_INSTALL);
    // A pyproject.toml holding only tool settings asks for no environment either.
    await p.write('pyproject.toml', '[tool.black]\nline-length = 100\n');
    expectError(
      await p.client.post(`/api/packages/${p.project.id}/install`),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('says which registry could not be reached', async () => {
    const p = await ownerWithProject(t.app, { 'package.json': PACKAGE_JSON });
    const started = Date.now();
    const answer = await p.install();
    expect(answer.done).toMatchObject({
      ok: false,
      message: `Kiln could not reach the npm registry (${closed}/): ECONNREFUSED. Try again in a while; if it keeps failing, ask the administrator to check NPM_REGISTRY_URL.`,
    });
    expect(answer.output).toContain('502');
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 60_000);

  it('runs one install at a time per project (409)', async () => {
    const p = await ownerWithProject(t.app, { 'requirements.txt': 'tiny-wheel\n' });
    // Making the virtual environment takes seconds: time to ask again meanwhile.
    const first = install(p.client, p.project.id);
    let status: PackageStatus = await p.status();
    const deadline = Date.now() + 10_000;
    while (!status.installing && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = await p.status();
    }
    expect(status.installing).toBe(true);
    expect(
      expectError(await p.client.post(`/api/packages/${p.project.id}/install`), 409, 'CONFLICT'),
    ).toBe(
      'Packages are already being installed for this project: wait for that install to finish.',
    );
    const answer = await first;
    expect(answer.done).toMatchObject({
      ok: false,
      message: `Kiln could not reach the Python package index (${closed}/simple/): ECONNREFUSED. Try again in a while; if it keeps failing, ask the administrator to check PIP_INDEX_URL.`,
    });
    expect((await p.status()).installing).toBe(false);
  }, 120_000);
});

describe('package installs on a server without bubblewrap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX: 'quickjs' });
  }, 60_000);
  afterAll(() => t?.close());

  it('answers 503 naming the missing sandbox', async () => {
    const p = await ownerWithProject(t.app, { 'package.json': PACKAGE_JSON });
    expect(
      expectError(
        await p.client.post(`/api/packages/${p.project.id}/install`),
        503,
        'SERVICE_UNAVAILABLE',
      ),
    ).toBe(NEEDS_BUBBLEWRAP);
    expect((await p.status()).ecosystems).toHaveLength(1);
  });
});
