import type { FastifyInstance } from 'fastify';
import type { PreviewLink } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import type { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { createFile, createProject } from '../../test/project-files';
import { buildPreviewApp } from './app';
import { CONSOLE_SCRIPT_PATH } from './console-script';

const PREVIEW_ORIGIN = 'http://preview.kiln-test.example:5001';
const hostOf = (projectId: string) => `p-${projectId}.preview.kiln-test.example:5001`;

/**
 * Every project has a preview origin of its own (decision 0005): a page of one project can never
 * be served on another's origin, or on one they all share, where its service worker, storage or
 * cookies would reach the other's pages.
 */
describe('each project is previewed on its own host', () => {
  let t: TestApp;
  let preview: FastifyInstance;
  let mine: { id: string; link: PreviewLink };
  let theirs: { id: string; link: PreviewLink };

  async function projectWithPage(client: TestClient, text: string) {
    const project = await createProject(client, text);
    await createFile(client, project.id, 'index.html', { content: `<p>${text}</p>` });
    const response = await client.get(`/api/projects/${project.id}/preview`);
    expect(response.statusCode, response.body).toBe(200);
    return { id: project.id, link: response.json<PreviewLink>() };
  }

  /** Sends the path of `url` to the preview server as if the browser had asked `host` for it. */
  function fetchAt(host: string, url: string, headers: Record<string, string> = {}) {
    const { pathname, search } = new URL(url, `http://${host}`);
    return preview.inject({ method: 'GET', url: pathname + search, headers: { ...headers, host } });
  }

  beforeAll(async () => {
    t = await createTestApp({ PREVIEW_ORIGIN });
    preview = await buildPreviewApp({ env: t.env, database: t.database });
    await preview.ready();
    mine = await projectWithPage((await signUp(t.app)).client, 'Mine');
    theirs = await projectWithPage((await signUp(t.app)).client, 'Theirs');
  });
  afterAll(async () => {
    await preview.close();
    await t.close();
  });

  it("gives each project's link its own host, keeping the preview's scheme and port", () => {
    expect(new URL(mine.link.url).host).toBe(hostOf(mine.id));
    expect(new URL(theirs.link.url).host).toBe(hostOf(theirs.id));
    expect(new URL(mine.link.url).protocol).toBe('http:');
  });

  it("serves a link on its project's host, whatever the case of the name", async () => {
    const page = await fetchAt(hostOf(mine.id), mine.link.url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<p>Mine</p>');
    const shouted = await fetchAt(hostOf(mine.id).toUpperCase(), mine.link.url);
    expect(shouted.statusCode).toBe(200);
  });

  it("refuses a link sent to another project's host, the bare preview host or any other name", async () => {
    for (const host of [
      hostOf(theirs.id),
      'preview.kiln-test.example:5001',
      '127.0.0.1:5001',
      'localhost:5001',
      `p-${mine.id}.evil.example`,
      `x.${hostOf(mine.id)}`,
      `p-${mine.id}.preview.kiln-test.example.evil.example`,
      'p-not-a-project.preview.kiln-test.example:5001',
      '[::1]:5001',
    ]) {
      const response = await fetchAt(host, mine.link.url);
      expect(response.statusCode, host).toBe(404);
      expect(response.body, host).not.toContain('Mine');
    }
    // Nor does an empty Host header reach the project.
    const hostless = await preview.inject({
      method: 'GET',
      url: new URL(mine.link.url).pathname,
      headers: { host: '' },
    });
    expect(hostless.statusCode).toBe(404);
  });

  it('serves nothing at all on the bare preview host', async () => {
    for (const path of ['/', CONSOLE_SCRIPT_PATH, new URL(mine.link.url).pathname]) {
      const response = await fetchAt('preview.kiln-test.example:5001', path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('There is nothing here.');
    }
    const script = await fetchAt(hostOf(mine.id), CONSOLE_SCRIPT_PATH);
    expect(script.statusCode).toBe(200);
  });

  it('reads X-Forwarded-Host only behind a proxy it was told to trust', async () => {
    const forwarded = { 'x-forwarded-host': hostOf(mine.id) };
    const direct = await fetchAt('preview.kiln-test.example:5001', mine.link.url, forwarded);
    expect(direct.statusCode).toBe(404);

    const proxied = await buildPreviewApp({
      env: { ...t.env, TRUST_PROXY: true },
      database: t.database,
    });
    try {
      const send = (host: string, forwardedHost: string) =>
        proxied.inject({
          method: 'GET',
          url: new URL(mine.link.url).pathname,
          headers: { host, 'x-forwarded-host': forwardedHost },
        });
      const ownHost = await send('10.0.0.5:5001', hostOf(mine.id));
      expect(ownHost.statusCode).toBe(200);
      expect(ownHost.body).toContain('Mine');
      // The proxy's own value is the last one; a browser cannot choose it.
      const smuggled = await send('10.0.0.5:5001', `${hostOf(mine.id)}, ${hostOf(theirs.id)}`);
      expect(smuggled.statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });
});
