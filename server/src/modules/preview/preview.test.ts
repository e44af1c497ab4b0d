import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { PREVIEW_LINK_TTL_MS, type PreviewLink, type Project } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSecretKey } from '../../lib/secret-key';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { fileUpload } from '../../test/multipart';
import { expectUploaded, UPLOAD_URL } from '../../test/uploads';
import { buildZip, type ZipContent } from '../../test/zips';
import { buildPreviewApp } from './app';
import { CONSOLE_SCRIPT_PATH } from './console-script';
import { createPreviewToken, previewTokenKey } from './token';

const PREVIEW_ORIGIN = 'http://preview.kiln-test.example';
/** The origin of one project's previews. */
const originOf = (projectId: string) => `http://p-${projectId}.preview.kiln-test.example`;
const CONSOLE_TAG = `<script src="${CONSOLE_SCRIPT_PATH}"></script>`;
/** PNG signature, then bytes that are not UTF-8 (0xff) and a NUL, as real images have. */
const LOGO = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0xff, 0xfe, 7, 42]);

const SITE: Record<string, ZipContent> = {
  'index.html': `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="stylesheet" href="css/site.css" />
  </head>
  <body>
    <img src="img/logo.png" alt="Logo" />
    <script src="js/app.js"></script>
  </body>
</html>`,
  'css/site.css': 'body { color: rebeccapurple; }',
  'js/app.js': 'console.log("hello from the page");',
  'img/logo.png': LOGO,
  'docs/index.html': '<html><body>Docs home</body></html>',
  'docs/My Page.html': '<p>A page with a space in its name</p>',
  'data/items.json': '{"items":[1,2,3]}',
};

describe('preview', () => {
  let t: TestApp;
  let preview: FastifyInstance;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let siteId: string;
  let siteLink: PreviewLink;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', PREVIEW_ORIGIN });
    preview = await buildPreviewApp({ env: t.env, database: t.database });
    await preview.ready();
    owner = await signUp(t.app);
    siteId = await createProjectWithFiles(owner.client, 'Site', SITE);
    siteLink = await getLink(owner.client, siteId);
  });
  afterAll(async () => {
    await preview.close();
    await t.close();
  });

  /** A project whose files come from a zip, uploaded and imported through the API. */
  async function createProjectWithFiles(
    client: TestClient,
    name: string,
    files: Record<string, ZipContent>,
  ): Promise<string> {
    const upload = fileUpload(`${name}.zip`, buildZip(files), 'application/zip');
    const uploaded = expectUploaded(
      await client.post(UPLOAD_URL, upload.body, { headers: upload.headers }),
    );
    const response = await client.post('/api/projects', {
      name,
      zipFiles: [{ id: uploaded.id, name: `${name}.zip` }],
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Project>().id;
  }

  async function getLink(client: TestClient, projectId: string, query = '') {
    const response = await client.get(`/api/projects/${projectId}/preview${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PreviewLink>();
  }

  /**
   * Requests a URL under the preview host (or a path relative to `base`) from the preview server,
   * sent to its host as a browser would.
   */
  function fetchPreview(url: string, base?: string, headers: Record<string, string> = {}) {
    const target = new URL(url, base);
    expect(target.hostname).toMatch(/(^|\.)preview\.kiln-test\.example$/);
    return preview.inject({
      method: 'GET',
      url: target.pathname + target.search,
      headers: { ...headers, host: target.host },
    });
  }

  const tokenOf = (link: PreviewLink) => new URL(link.url).pathname.split('/')[2]!;

  async function previewKey() {
    return previewTokenKey(await loadSecretKey({ dataDir: t.env.DATA_DIR }));
  }

  describe('GET /api/projects/:id/preview', () => {
    it("answers the owner a signed link on the project's own preview origin that works for 15 minutes", async () => {
      const before = Date.now();
      const response = await owner.client.get(`/api/projects/${siteId}/preview`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const link = response.json<PreviewLink>();
      expect(Object.keys(link).sort()).toEqual(['expiresAt', 'url']);
      expect(link.url).toMatch(
        new RegExp(`^${originOf(siteId)}/p/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}/$`),
      );
      expect(PREVIEW_LINK_TTL_MS).toBe(15 * 60_000);
      const expiresAt = Date.parse(link.expiresAt);
      expect(expiresAt).toBeGreaterThan(before + PREVIEW_LINK_TTL_MS - 2000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + PREVIEW_LINK_TTL_MS);
    });

    it('points at the HTML file asked for with ?path=', async () => {
      const link = await getLink(owner.client, siteId, '?path=docs/My%20Page.html');
      expect(link.url).toMatch(/\/p\/[^/]+\/docs\/My%20Page\.html$/);
      const page = await fetchPreview(link.url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('A page with a space in its name');
    });

    it('refuses a path that could not be a project path', async () => {
      const response = await owner.client.get(`/api/projects/${siteId}/preview?path=../etc/passwd`);
      expectError(response, 400, 'VALIDATION_FAILED');
    });

    it('answers 401 to a signed-out caller', async () => {
      const response = await new TestClient(t.app).get(`/api/projects/${siteId}/preview`);
      expectError(response, 401, 'UNAUTHENTICATED');
    });

    it("answers 404 for another user's project, and for an id that is not one", async () => {
      const stranger = await signUp(t.app);
      const response = await stranger.client.get(`/api/projects/${siteId}/preview`);
      expectError(response, 404, 'NOT_FOUND');
      expect(response.body).not.toContain('/p/');
      expectError(await owner.client.get('/api/projects/not-an-id/preview'), 404, 'NOT_FOUND');
    });
  });

  describe('the preview server', () => {
    it('serves the HTML page with the console script first in <head>', async () => {
      const response = await fetchPreview(siteLink.url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain(`<head>${CONSOLE_TAG}\n    <meta charset="utf-8" />`);
      expect(response.body.split(CONSOLE_TAG)).toHaveLength(2);
      expect(response.body).toContain('<img src="img/logo.png"');
    });

    it('resolves the page’s stylesheet, script and image by relative path', async () => {
      const css = await fetchPreview('css/site.css', siteLink.url);
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(css.body).toBe('body { color: rebeccapurple; }');

      const js = await fetchPreview('js/app.js', siteLink.url);
      expect(js.statusCode).toBe(200);
      expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(js.body).toBe('console.log("hello from the page");');

      const image = await fetchPreview('img/logo.png', siteLink.url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(LOGO)).toBe(true);

      const json = await fetchPreview('data/items.json', siteLink.url);
      expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
      for (const response of [css, js, image, json]) {
        expect(response.body).not.toContain(CONSOLE_SCRIPT_PATH);
      }
    });

    it('serves a folder by its index.html, after sending a slashless folder path to the slash', async () => {
      const slashless = await fetchPreview('docs?x=1', siteLink.url);
      expect(slashless.statusCode).toBe(302);
      expect(slashless.headers.location).toBe('docs/?x=1');

      const folder = await fetchPreview('docs/', siteLink.url);
      expect(folder.statusCode).toBe(200);
      expect(folder.body).toBe(`<html>${CONSOLE_TAG}<body>Docs home</body></html>`);

      const token = tokenOf(siteLink);
      const root = await fetchPreview(`${originOf(siteId)}/p/${token}`);
      expect(root.statusCode).toBe(302);
      expect(root.headers.location).toBe(`/p/${token}/`);
    });

    it('answers a small 404 page for what the project does not hold', async () => {
      const base = siteLink.url;
      // Escaped slashes and dots reach the route as written (browsers resolve plain dots first).
      for (const path of [
        'nope.html',
        'img/',
        'css%2F..%2Findex.html',
        'a//b',
        '%2e%2e%2Findex.html',
      ]) {
        const response = await fetchPreview(`${base}${path}`);
        expect(response.statusCode, path).toBe(404);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.body).not.toContain(CONSOLE_SCRIPT_PATH);
      }
      const home = await fetchPreview(`${originOf(siteId)}/`);
      expect(home.statusCode).toBe(404);
      const malformed = await fetchPreview(`${base}%ZZ`);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(malformed.headers['x-content-type-options']).toBe('nosniff');
    });

    it('serves the console script, which forwards to the parent window', async () => {
      const response = await fetchPreview(CONSOLE_SCRIPT_PATH, siteLink.url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(response.body).toContain('kiln-preview');
      expect(response.body).toContain('postMessage');
    });
  });

  describe('tokens', () => {
    it('refuses an expired link with 403', async () => {
      const token = createPreviewToken({
        key: await previewKey(),
        projectId: siteId,
        generation: 0,
        expiresAt: new Date(Date.now() - 1000),
      });
      const response = await fetchPreview(`${originOf(siteId)}/p/${token}/`);
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain('Preview link expired');
      expect(response.body).not.toContain('rebeccapurple');
    });

    it('refuses a tampered or forged link with 404', async () => {
      const stranger = await signUp(t.app);
      const otherId = await createProjectWithFiles(stranger.client, 'Other', {
        'index.html': '<p>secret</p>',
      });
      const [payload, signature] = tokenOf(siteLink).split('.') as [string, string];
      const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { p: string };
      const retargeted = Buffer.from(JSON.stringify({ ...decoded, p: otherId })).toString(
        'base64url',
      );
      const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
      const foreignKey = createPreviewToken({
        key: previewTokenKey(Buffer.alloc(32, 7)),
        projectId: otherId,
        generation: 0,
        expiresAt: new Date(Date.now() + 60_000),
      });
      for (const token of [
        `${retargeted}.${signature}`,
        `${payload}.${flipped}`,
        `${payload}.`,
        payload,
        foreignKey,
        'x'.repeat(600),
      ]) {
        // Each sent to the host of the project it names, so only the token itself is judged.
        const named = token.startsWith(retargeted) || token === foreignKey ? otherId : siteId;
        const response = await fetchPreview(`${originOf(named)}/p/${token}/`);
        expect(response.statusCode, token).toBe(404);
        expect(response.body).not.toContain('secret');
      }
    });

    it("never serves one project's files under another project's link", async () => {
      const stranger = await signUp(t.app);
      const otherId = await createProjectWithFiles(stranger.client, 'Private', {
        'index.html': '<p>mine</p>',
        'private.txt': 'only for the owner',
      });
      const response = await fetchPreview('private.txt', siteLink.url);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('only for the owner');

      const ownLink = await getLink(stranger.client, otherId);
      const own = await fetchPreview('private.txt', ownLink.url);
      expect(own.statusCode).toBe(200);
      expect(own.body).toBe('only for the owner');
      const home = await fetchPreview(siteLink.url);
      expect(home.body).not.toContain('mine');
    });

    it('keeps preview links out of the log, in the path and in the query', async () => {
      const lines: string[] = [];
      const host = Fastify({
        logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
      });
      const logged = await buildPreviewApp({ env: t.env, database: t.database, logger: host.log });
      const token = tokenOf(siteLink);
      const send = (url: string) => {
        const target = new URL(url);
        return logged.inject({
          method: 'GET',
          url: target.pathname + target.search,
          headers: { host: target.host },
        });
      };
      try {
        expect((await send(siteLink.url)).statusCode).toBe(200);
        // A page that hands its own link on in a query, plain, as a whole URL, or dot escaped.
        const query = `?next=/p/${token}/&back=${encodeURIComponent(siteLink.url)}&t=${token.replace('.', '%2E')}`;
        expect((await send(`${siteLink.url}${query}`)).statusCode).toBe(200);
        expect((await send(`${PREVIEW_ORIGIN}/${query}`)).statusCode).toBe(404);
        const log = lines.join('');
        expect(log).toContain('/p/<token>/?next=/p/<token>/&back=');
        expect(log).toContain('"url":"/?next=/p/<token>/');
        expect(log).not.toContain(token);
        expect(log).not.toContain(token.split('.')[1]);
      } finally {
        await logged.close();
        await host.close();
      }
    });

    it('keeps working for a preview server started later on the same data folder', async () => {
      const second = await buildPreviewApp({ env: t.env, database: t.database });
      try {
        const response = await second.inject({
          method: 'GET',
          url: new URL('css/site.css', siteLink.url).pathname,
          headers: { host: new URL(siteLink.url).host },
        });
        expect(response.statusCode).toBe(200);
      } finally {
        await second.close();
      }
    });
  });

  describe('headers', () => {
    const APP_COOKIES = 'session_token=abc123; csrf_token=def456';

    function expectIsolationHeaders(response: LightMyRequestResponse) {
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain('frame-ancestors http://kiln.test');
      expect(csp).not.toMatch(/frame-ancestors[^;]*(\*|'self'|preview)/);
      for (const name of Object.keys(response.headers)) {
        expect(name).not.toMatch(/^access-control-/);
      }
    }

    it('sets no cookie, allows framing only by the app, and sends no CORS headers', async () => {
      const headers = { cookie: APP_COOKIES, origin: 'http://kiln.test' };
      const token = tokenOf(siteLink);
      const expired = createPreviewToken({
        key: await previewKey(),
        projectId: siteId,
        generation: 0,
        expiresAt: new Date(Date.now() - 1000),
      });
      const site = originOf(siteId);
      for (const url of [
        siteLink.url,
        new URL('img/logo.png', siteLink.url).toString(),
        `${site}/p/${token}/missing.html`,
        `${site}/p/${expired}/`,
        `${site}/p/not-a-token/`,
        `${site}${CONSOLE_SCRIPT_PATH}`,
        // Refused hosts answer with the same headers.
        `${PREVIEW_ORIGIN}/p/${token}/`,
      ]) {
        expectIsolationHeaders(await fetchPreview(url, undefined, headers));
      }
      const preflight = await preview.inject({
        method: 'OPTIONS',
        url: new URL(siteLink.url).pathname,
        headers: {
          ...headers,
          host: new URL(site).host,
          'access-control-request-method': 'POST',
        },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });

    it("lets the page's own inline scripts, eval and styles run", async () => {
      const response = await fetchPreview(siteLink.url);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self' 'unsafe-inline' 'unsafe-eval'/);
      expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
    });

    it("lets the app frame every project's preview origin, and no other", async () => {
      const response = await owner.client.get('/api/health');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toMatch(/frame-src 'self' http:\/\/\*\.preview\.kiln-test\.example(;|$)/);
    });
  });
});
