// Every project template, created through the API as a person would, started with Run app and
// fetched through its preview link (decision 0020).
//
// npm: the templates' real packages (Vite, React, Vue, Svelte, Angular, Express) cannot be
// published to a local registry, so NPM_REGISTRY_URL is the registry this machine's own npm uses
// (`npm config get registry`), read when the tests start; installs go through Kiln's registry
// proxy as they would for anyone. Python: PyPI is out of reach, so the Flask template's
// requirements are served as wheels rebuilt from a Python of this machine that has them
// installed (test/installed-wheels.ts; on a machine without one, `flask-wheels` in
// scripts/system-programs.json, its test is skipped); Django 5.2 is not among them, and its
// template must say so. Installs take minutes on a small machine: each test has a generous
// timeout of its own, and prints how long its install and start took. Apps run in bubblewrap;
// the Python templates need the system's python3 with venv, the Go template Go 1.22
// (scripts/system-programs.json).
import { execFileSync } from 'node:child_process';
import type { TemplateId } from '@kiln/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import type { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { startInstalledWheelIndex } from '../../test/installed-wheels';
import { hasProgram, needs } from '../../test/system-programs';
import { startWheelIndex } from '../../test/wheel-index';
import { buildPreviewApp } from '../preview';
import { getTemplate } from '../templates';
import { NO_COMMAND, rubyAppMessage, STATIC_SITE } from './detect-command';
import { fetchPreview, onPreview } from './test-dev-server';
import {
  createFromTemplate,
  expectRunning,
  fetchText,
  runApp,
  stopApp,
  type AppTiming,
} from './test-template-app';

const PREVIEW_ORIGIN = 'http://preview.kiln-test.example';
const MINUTE = 60_000;

/** The Flask template's own requirements (Flask, pytest), as its requirements.txt lists them. */
const FLASK_REQUIREMENTS = getTemplate('python-flask')
  .files.find((file) => file.path === 'requirements.txt')!
  .content.split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

describe('every template runs with Run app', needs('bwrap'), () => {
  let t: TestApp;
  let preview: FastifyInstance;
  let wheels: { url: string; close(): Promise<void> };
  /**
   * Why the Flask template's wheels could not be built from a Python that has its requirements
   * installed: its test fails with it.
   */
  let wheelProblem: Error | null = null;
  const timings = new Map<TemplateId, AppTiming>();

  beforeAll(async () => {
    // npm's scripts are given npm_config_registry; asked directly, npm must not look for a
    // workspace (it refuses `config` inside one).
    const registry =
      process.env.npm_config_registry ??
      execFileSync('npm', ['config', 'get', 'registry', '--workspaces=false'], {
        encoding: 'utf8',
      });
    // Without a Python that has the Flask template's requirements, its test is skipped; the
    // other Python template still needs an index to be refused by.
    wheels = hasProgram('flask-wheels')
      ? await startInstalledWheelIndex(FLASK_REQUIREMENTS).catch((error: Error) => {
          wheelProblem = error;
          return startWheelIndex();
        })
      : await startWheelIndex();
    t = await createTestApp({
      SANDBOX: 'bubblewrap',
      PREVIEW_ORIGIN,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      NPM_REGISTRY_URL: registry.trim(),
      PIP_INDEX_URL: wheels.url,
    });
    preview = await buildPreviewApp({
      env: t.env,
      database: t.database,
      devServers: (projectId) => t.app.devServers.target(projectId),
    });
    await preview.listen({ port: 0, host: '127.0.0.1' });
  }, 2 * MINUTE);

  afterAll(async () => {
    await preview?.close();
    await t?.close();
    await wheels?.close();
    // What CI pays per template, read in the test output.
    const cell = (value: number | null) => (value === null ? '-' : `${value} s`).padStart(9);
    const rows = [...timings].map(
      ([id, timing]) =>
        `${id.padEnd(24)}${cell(timing.installSeconds)}${cell(timing.startSeconds)}`,
    );
    if (rows.length > 0) {
      console.warn([`${'template'.padEnd(24)}  install    start`, ...rows].join('\n'));
    }
  });

  /** A person of their own (a Free plan runs one app at a time), with the template's project. */
  async function projectFrom(templateId: TemplateId): Promise<{ client: TestClient; id: string }> {
    const { client } = await signUp(t.app);
    return { client, id: await createFromTemplate(client, templateId) };
  }

  /** Creates the template's project and runs it; answers its preview address, running. */
  async function runTemplate(
    templateId: TemplateId,
    timeoutMs: number,
    port?: number,
  ): Promise<{ client: TestClient; id: string; url: string; command: string | null }> {
    const { client, id } = await projectFrom(templateId);
    const settled = await runApp({ app: t.app, preview, client, projectId: id, timeoutMs, port });
    timings.set(templateId, settled.timing);
    return { client, id, url: expectRunning(settled), command: settled.status.command };
  }

  /** A Vite app's page: its root element, its module script, and Vite's client added. */
  async function expectVitePage(url: string, root: string, entry: string) {
    const page = await fetchText(url);
    expect(page.status, page.text).toBe(200);
    expect(page.type).toContain('text/html');
    expect(page.text).toContain(root);
    expect(page.text).toContain(`<script type="module" src="/${entry}"></script>`);
    expect(page.text).toContain('/@vite/client');
    // The module itself, compiled by Vite, through the same link.
    const module = await fetchText(`${url}${entry}`);
    expect(module.status, module.text).toBe(200);
    expect(module.type).toContain('javascript');
    return module.text;
  }

  it(
    'react-vite: installs its packages, starts Vite and serves the page and its modules',
    async () => {
      const app = await runTemplate('react-vite', 8 * MINUTE);
      expect(app.command).toBe('npm run dev -- --host 127.0.0.1 --port 3000 --strictPort');
      const main = await expectVitePage(app.url, '<div id="root"></div>', 'src/main.tsx');
      expect(main).toContain('createRoot');
      expect(main).toMatch(/from "\/node_modules\/\.vite\/deps\/react-dom_client\.js/);
      await stopApp(app.client, app.id);
    },
    9 * MINUTE,
  );

  it(
    'react-router: starts Vite and serves the page under the link, its base moved there',
    async () => {
      const app = await runTemplate('react-router', 8 * MINUTE);
      const main = await expectVitePage(app.url, '<div id="root"></div>', 'src/main.tsx');
      expect(main).toContain('BrowserRouter');
      // Its root <base> is the link's folder, which the router reads as its basename.
      const page = await fetchText(app.url);
      expect(page.text).toContain(`<base href="${new URL(app.url).pathname}"`);
      await stopApp(app.client, app.id);
    },
    9 * MINUTE,
  );

  it(
    'vue-app: starts Vite and serves the page and its compiled components',
    async () => {
      const app = await runTemplate('vue-app', 8 * MINUTE);
      const main = await expectVitePage(app.url, '<div id="app"></div>', 'src/main.js');
      expect(main).toContain('createApp');
      const component = await fetchText(`${app.url}src/App.vue`);
      expect(component.status, component.text).toBe(200);
      expect(component.text).toMatch(/_sfc_main|_sfc_render/);
      await stopApp(app.client, app.id);
    },
    9 * MINUTE,
  );

  it(
    'svelte-app: starts Vite and serves the page and its compiled components',
    async () => {
      const app = await runTemplate('svelte-app', 8 * MINUTE);
      const main = await expectVitePage(app.url, '<div id="app"></div>', 'src/main.js');
      expect(main).toContain('mount');
      const component = await fetchText(`${app.url}src/App.svelte`);
      expect(component.status, component.text).toBe(200);
      expect(component.text).toContain('svelte_internal_client.js');
      expect(component.text).toContain("label: 'Cups of tea'");
      await stopApp(app.client, app.id);
    },
    9 * MINUTE,
  );

  it(
    'angular-app: installs Angular, starts ng serve and serves the app shell and its bundle',
    async () => {
      const app = await runTemplate('angular-app', 20 * MINUTE);
      expect(app.command).toBe('npm start');
      const page = await fetchText(app.url);
      expect(page.status, page.text).toBe(200);
      expect(page.text).toContain('<app-root></app-root>');
      expect(page.text).toContain(`<base href="${new URL(app.url).pathname}"`);
      const script = /<script src="(main[^"]*\.js)" type="module"><\/script>/.exec(page.text);
      expect(script, page.text).not.toBeNull();
      const main = await fetchText(`${app.url}${script![1]}`);
      expect(main.status, main.text).toBe(200);
      expect(main.text).toContain('bootstrapApplication');
      await stopApp(app.client, app.id);
    },
    21 * MINUTE,
  );

  it(
    'fullstack-react-express: shows the client (Vite on 5173), whose /api calls reach Express',
    async () => {
      // Vite starts once the API listens (client/wait-for-api.js), so the preview shows it then.
      const app = await runTemplate('fullstack-react-express', 8 * MINUTE, 5173);
      // .kiln/run.json names the command (the API on 3001, where Vite's proxy sends /api) and
      // the port the preview shows.
      expect(app.command).toBe('PORT=3001 npm run dev');
      const main = await expectVitePage(app.url, '<div id="root"></div>', 'src/main.jsx');
      expect(main).toContain('createRoot');
      // Through Vite's proxy to the API, as the page's fetch goes.
      const health = await fetchPreview(`${app.url}api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      const created = await fetchPreview(`${app.url}api/notes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Written through the preview' }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const notes = (await (await fetchPreview(`${app.url}api/notes`)).json()) as Array<{
        text: string;
      }>;
      expect(notes.map((note) => note.text)).toContain('Written through the preview');
      // The page's own root-relative call (`fetchPreview('/api/notes')`) comes back under the link.
      const origin = new URL(app.url).origin;
      const fromPage = await fetchPreview(`${origin}/api/notes`, {
        redirect: 'manual',
        headers: { referer: app.url },
      });
      expect(fromPage.status).toBe(307);
      expect(fromPage.headers.get('location')).toBe(`${new URL(app.url).pathname}api/notes`);
      await stopApp(app.client, app.id);
    },
    9 * MINUTE,
  );

  it(
    "nodejs-express: starts the API with node --watch and answers its routes' JSON",
    async () => {
      const app = await runTemplate('nodejs-express', 6 * MINUTE);
      expect(app.command).toBe('npm run dev');
      const index = await fetchPreview(app.url);
      expect(index.status).toBe(200);
      expect(await index.json()).toMatchObject({
        name: 'express-api',
        endpoints: expect.arrayContaining(['GET /api/todos']) as unknown,
      });
      const health = await fetchPreview(`${app.url}api/health`);
      expect(await health.json()).toEqual({ status: 'ok' });
      await stopApp(app.client, app.id);
    },
    7 * MINUTE,
  );

  it(
    'python-flask: installs Flask from wheels into .venv, and serves its page and JSON',
    { ...needs('python3', 'flask-wheels'), timeout: 7 * MINUTE },
    async () => {
      // The Python has the requirements, yet their wheels could not be rebuilt: a real failure.
      if (wheelProblem) throw wheelProblem;
      const app = await runTemplate('python-flask', 6 * MINUTE);
      expect(app.command).toBe('python -m flask --app app run --debug');
      const page = await fetchText(app.url);
      expect(page.status, page.text).toBe(200);
      expect(page.text).toContain('<h1>Hello from Flask</h1>');
      expect(page.text).toContain('<li>Jinja templates with template inheritance</li>');
      const greeting = await fetchPreview(`${app.url}api/greet?name=Kiln`);
      expect(await greeting.json()).toEqual({ message: 'Hello, Kiln!' });
      const missing = await fetchPreview(`${app.url}api/nothing`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: 'Not found' });
      await stopApp(app.client, app.id);
    },
  );

  it(
    'django-app: ends in a failed install naming Django, which no index here has',
    { ...needs('python3'), timeout: 6 * MINUTE },
    async () => {
      const { client, id } = await projectFrom('django-app');
      const settled = await runApp({
        app: t.app,
        preview,
        client,
        projectId: id,
        timeoutMs: 5 * MINUTE,
      });
      timings.set('django-app', settled.timing);
      expect(settled.status, settled.log).toMatchObject({ state: 'crashed', previewUrl: null });
      expect(settled.status.message).toMatch(/django/i);
      // pip's own words, in the log the Output tab shows.
      expect(settled.log).toMatch(/No matching distribution found for Django/i);
      // Nothing else broke: the project's static preview still answers.
      const link = await client.get(`/api/projects/${id}/preview`);
      expect(link.statusCode, link.body).toBe(200);
    },
  );

  it(
    'ruby-rails: refused with what it needs (RubyGems, Ruby 3.2 and Bundler)',
    async () => {
      const { client, id } = await projectFrom('ruby-rails');
      const settled = await runApp({
        app: t.app,
        preview,
        client,
        projectId: id,
        timeoutMs: MINUTE,
      });
      const gemfile = getTemplate('ruby-rails').files.find((file) => file.path === 'Gemfile')!;
      expect(settled.status).toMatchObject({
        state: 'crashed',
        message: rubyAppMessage(gemfile.content),
        previewUrl: null,
      });
      expect(settled.status.message).toMatch(/Ruby on Rails.*RubyGems.*Ruby 3\.2.*Bundler/);
      expect(settled.log).toContain(settled.status.message);
    },
    2 * MINUTE,
  );

  it(
    'go-app: builds with the newest Go and serves its page and JSON',
    { ...needs('go'), timeout: 7 * MINUTE },
    async () => {
      const app = await runTemplate('go-app', 6 * MINUTE);
      expect(app.command).toMatch(/^go run .* \.$/);
      const page = await fetchText(app.url);
      expect(page.status, page.text).toBe(200);
      expect(page.text).toContain('<title>Go Web Server</title>');
      // Go 1.22's method patterns route these.
      const created = await fetchPreview(`${app.url}api/items`, {
        method: 'POST',
        body: JSON.stringify({ name: 'Notebook' }),
      });
      expect(created.status).toBe(201);
      const item = (await created.json()) as { id: number; name: string };
      expect(item.name).toBe('Notebook');
      const fetched = await fetchPreview(`${app.url}api/items/${item.id}`);
      expect(await fetched.json()).toEqual(item);
      await stopApp(app.client, app.id);
    },
  );

  // Without Go 1.22 the test above is skipped, and the run's summary says why: Kiln must say so
  // too, to the person who pressed Run app, before Go fails on the template's newer API.
  if (!hasProgram('go')) {
    it('go-app: without Go 1.22, Run app is refused naming the Go it needs', async () => {
      const { client, id } = await projectFrom('go-app');
      const settled = await runApp({
        app: t.app,
        preview,
        client,
        projectId: id,
        timeoutMs: MINUTE,
      });
      expect(settled.status).toMatchObject({ state: 'crashed', exitCode: null, previewUrl: null });
      expect(settled.status.message).toMatch(
        /^Go (is not installed on this Kiln server|\S+ on this Kiln server is older than the 1\.22 needed)/,
      );
      expect(settled.log).toContain(settled.status.message);
    });
  }

  it('html-css: the static preview serves index.html, and Run app says none is needed', async () => {
    const { client, id } = await projectFrom('html-css');
    const link = await client.get(`/api/projects/${id}/preview`);
    expect(link.statusCode, link.body).toBe(200);
    const url = onPreview(preview, link.json<{ url: string }>().url);
    const page = await fetchText(url);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Studio North</title>');
    const styles = await fetchText(`${url}styles.css`);
    expect(styles.status).toBe(200);
    expect(styles.type).toContain('text/css');

    const settled = await runApp({ app: t.app, preview, client, projectId: id, timeoutMs: MINUTE });
    expect(settled.status).toMatchObject({ state: 'crashed', message: STATIC_SITE });
    expect((await fetchText(url)).text).toContain('<title>Studio North</title>');
  });

  it('blank: Run app says it cannot tell how to start a lone index.js', async () => {
    const { client, id } = await projectFrom('blank');
    const settled = await runApp({ app: t.app, preview, client, projectId: id, timeoutMs: MINUTE });
    expect(settled.status).toMatchObject({
      state: 'crashed',
      command: null,
      message: NO_COMMAND,
      previewUrl: null,
    });
    expect(settled.status.message).toMatch(/cannot tell how to start/);
  });
});
