import type { Project } from '@kiln/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/system-programs';
import { gitSyncStates } from './tables';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { signUp } from '../../test/factories';
import { startGitServer, type GitServer } from '../../test/git-server';
import { expectOk, projectFiles } from '../../test/git-sync';
import {
  forwardTo,
  redirect,
  startRecordingServer,
  type RecordingServer,
} from '../../test/recording-server';
import { redirectWithinOrigin } from './host-http';

describe("a Git host's redirects", () => {
  it('are followed within the same origin only: never to another host, port or plain http', () => {
    const from = 'https://git.example/team/site.git/info/refs?service=git-upload-pack';
    expect(redirectWithinOrigin(from, '/team/renamed.git/info/refs').href).toBe(
      'https://git.example/team/renamed.git/info/refs',
    );
    for (const location of [
      'http://git.example/team/site.git/info/refs',
      'https://git.example:8443/team/site.git/info/refs',
      'https://elsewhere.example/team/site.git/info/refs',
      'https://169.254.169.254/latest/meta-data',
      '//elsewhere.example/x',
    ]) {
      expect(() => redirectWithinOrigin(from, location), location).toThrow(/redirected Kiln/);
    }
  });
});

/**
 * A Git host Kiln may reach (`hop`, listed in GIT_PRIVATE_HOSTS) whose paths under `/away/`
 * redirect to another host Kiln may also reach (`elsewhere`), under `/away-by-name/` to that
 * host by a name Kiln must not reach (localhost), and under `/moved/` to its own `/team/`.
 * Both hosts forward what they get to one real Git server, so a request that got through would
 * import the repository; each writes down every request and its Authorization header.
 */
describe('import and fetch from a Git host that redirects', needs('git'), () => {
  let t: TestApp;
  let git: GitServer;
  let hop: RecordingServer;
  let elsewhere: RecordingServer;

  beforeAll(async () => {
    git = await startGitServer();
    await git.createRepo('team', 'site', { public: true });
    const clone = await git.clone('team', 'site');
    await clone.write('README.md', '# Site\n');
    await clone.commitAndPush('First');
    elsewhere = await startRecordingServer((request, response) =>
      forwardTo(git.baseUrl, request, response),
    );
    hop = await startRecordingServer((request, response) => {
      const url = request.url ?? '/';
      const away = /^\/(away|away-by-name|moved)\/(.*)$/.exec(url);
      if (away?.[1] === 'away')
        return redirect(response, 302, `${elsewhere.origin}/team/${away[2]}`);
      if (away?.[1] === 'away-by-name') {
        return redirect(response, 302, `http://localhost:${elsewhere.port}/team/${away[2]}`);
      }
      if (away?.[1] === 'moved') return redirect(response, 301, `/team/${away[2]}`);
      forwardTo(git.baseUrl, request, response);
    });
    t = await createTestApp({
      GIT_PRIVATE_HOSTS: `127.0.0.1:${hop.port},127.0.0.1:${elsewhere.port}`,
    });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([hop?.close(), elsewhere?.close(), git?.close()]);
  });

  /** A person connected to `hop` with the Git server's token, with a project of one file. */
  async function connectedToHop() {
    const person = await signUp(t.app);
    expectOk(
      await person.client.request('PUT', '/api/github/connection', {
        body: { baseUrl: hop.origin, token: git.token },
      }),
    );
    const project = expectOk<Project>(
      await person.client.post('/api/projects', { name: `Redirects ${Math.random()}` }),
      201,
    );
    const files = await projectFiles(person.client, project.id);
    return { ...person, project, files };
  }

  it('refuses a redirect to another host, sending it nothing (the token included), and changes nothing', async () => {
    const person = await connectedToHop();
    const before = elsewhere.requests.length;
    const tokenRequests = git.requests.filter((request) => request.authorized).length;
    for (const route of ['/api/github/import', '/api/github/link']) {
      const refused = await person.client.post(route, {
        projectId: person.project.id,
        url: `${hop.origin}/away/site`,
      });
      expect(expectError(refused, 400, 'VALIDATION_FAILED')).toBe(
        `The Git host at ${hop.origin} redirected Kiln to ${elsewhere.origin}. Kiln follows a Git host's redirects only within the same address; if the repository moved, link it at its new address.`,
      );
    }
    expect(elsewhere.requests.slice(before)).toEqual([]);
    // The token went to the host the person connected, and nowhere else.
    expect(hop.requests.some((request) => request.authorization?.startsWith('Basic '))).toBe(true);
    expect(git.requests.filter((request) => request.authorized).length).toBe(tokenRequests);
    expect(await projectFiles(person.client, person.project.id)).toEqual(person.files);
    const project = expectOk<Project>(
      await person.client.get(`/api/projects/${person.project.id}`),
    );
    expect(project.githubRepo).toBeNull();
  });

  it('refuses a redirect to an address Kiln does not reach (this machine by another name)', async () => {
    const person = await connectedToHop();
    const before = elsewhere.requests.length;
    const refused = await person.client.post('/api/github/import', {
      projectId: person.project.id,
      url: `${hop.origin}/away-by-name/site`,
    });
    expect(expectError(refused, 400, 'VALIDATION_FAILED')).toContain(
      `redirected Kiln to http://localhost:${elsewhere.port}`,
    );
    expect(elsewhere.requests.slice(before)).toEqual([]);
    expect(await projectFiles(person.client, person.project.id)).toEqual(person.files);
  });

  it('follows a redirect within the host, with the token, to import and push', async () => {
    const person = await connectedToHop();
    const before = elsewhere.requests.length;
    expectOk(
      await person.client.post('/api/github/import', {
        projectId: person.project.id,
        url: `${hop.origin}/moved/site`,
      }),
    );
    expect(await projectFiles(person.client, person.project.id)).toEqual({
      'README.md': '# Site\n',
    });
    expectOk(
      await person.client.post('/api/files', {
        projectId: person.project.id,
        path: 'index.html',
        content: '<h1>Site</h1>\n',
      }),
      201,
    );
    expectOk(
      await person.client.post('/api/github/push', {
        projectId: person.project.id,
        message: 'Add the page',
      }),
    );
    expect(await git.bareGit('team', 'site', ['show', 'main:index.html'])).toBe('<h1>Site</h1>\n');
    expect(hop.requests.some((request) => request.url.startsWith('/moved/'))).toBe(true);
    expect(elsewhere.requests.slice(before)).toEqual([]);
  });

  it('checks a linked host again on every connection, not only when it was linked', async () => {
    const person = await connectedToHop();
    expectOk(
      await person.client.post('/api/github/link', {
        projectId: person.project.id,
        url: `${hop.origin}/team/site`,
      }),
    );
    // The link now names a host Kiln does not reach (as after GIT_PRIVATE_HOSTS lost it).
    await t.database.db
      .update(gitSyncStates)
      .set({ baseUrl: `http://localhost:${elsewhere.port}` })
      .where(eq(gitSyncStates.projectId, person.project.id));
    const before = elsewhere.requests.length;
    for (const route of ['/api/github/pull', '/api/github/push']) {
      const refused = await person.client.post(route, {
        projectId: person.project.id,
        message: 'Nothing to send',
      });
      expect(expectError(refused, 400, 'VALIDATION_FAILED')).toContain('GIT_PRIVATE_HOSTS');
    }
    expect(elsewhere.requests.slice(before)).toEqual([]);
    expect(await projectFiles(person.client, person.project.id)).toEqual(person.files);
  });
});
