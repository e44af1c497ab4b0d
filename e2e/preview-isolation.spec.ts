import type { Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { expect, test } from './fixtures';

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
