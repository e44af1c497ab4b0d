import type { Project, ProjectFile } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import type { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { scriptedModel, scriptedProviders } from '../../test/scripted-model';

/**
 * Every route family, called by an editor, a viewer and someone outside the project: reading
 * is for every member, changing for the owner and editors, owning (delete, invite, Git link,
 * deploys, secrets) for the owner alone; an outsider is told the project does not exist.
 */
type Need = 'read' | 'write' | 'own';

interface Target {
  projectId: string;
  fileId: string;
}

interface Call {
  family: string;
  need: Need;
  label: string;
  send(client: TestClient, target: Target, role: string): ReturnType<TestClient['get']>;
}

const CALLS: Call[] = [
  // Projects
  {
    family: 'projects',
    need: 'read',
    label: 'GET project',
    send: (c, t) => c.get(`/api/projects/${t.projectId}`),
  },
  {
    family: 'projects',
    need: 'own',
    label: 'PATCH project',
    send: (c, t) => c.patch(`/api/projects/${t.projectId}`, { name: 'Renamed' }),
  },
  {
    family: 'projects',
    need: 'own',
    label: 'DELETE project',
    send: (c, t) => c.delete(`/api/projects/${t.projectId}`),
  },
  // Files
  {
    family: 'files',
    need: 'read',
    label: 'list files',
    send: (c, t) => c.get(`/api/files/${t.projectId}`),
  },
  {
    family: 'files',
    need: 'read',
    label: 'list entries',
    send: (c, t) => c.get(`/api/files/${t.projectId}/entries`),
  },
  {
    family: 'files',
    need: 'read',
    label: 'read a file',
    send: (c, t) => c.get(`/api/files/${t.projectId}/content?path=main.js`),
  },
  {
    family: 'files',
    need: 'read',
    label: 'search',
    send: (c, t) => c.post(`/api/files/search/${t.projectId}`, { query: 'hello' }),
  },
  {
    family: 'files',
    need: 'write',
    label: 'create a file',
    send: (c, t, role) =>
      c.post('/api/files', { projectId: t.projectId, path: `by-${role}.txt`, content: role }),
  },
  {
    family: 'files',
    need: 'write',
    label: 'save a file',
    send: (c, t, role) =>
      c.patch(`/api/files/${t.fileId}`, { content: `console.log('${role}');\n` }),
  },
  // Runs, packages, the project's database
  {
    family: 'runs',
    need: 'write',
    label: 'run a file',
    send: (c, t) =>
      c.post(`/api/projects/${t.projectId}/execute`, {
        filePath: 'main.js',
        code: 'console.log(1)',
      }),
  },
  {
    family: 'packages',
    need: 'read',
    label: 'package status',
    send: (c, t) => c.get(`/api/packages/${t.projectId}`),
  },
  {
    family: 'packages',
    need: 'write',
    label: 'package settings',
    send: (c, t) =>
      c.request('PUT', `/api/packages/${t.projectId}/settings`, { body: { allowScripts: false } }),
  },
  {
    family: 'database',
    need: 'read',
    label: 'database schema',
    send: (c, t) => c.get(`/api/database/${t.projectId}/schema`),
  },
  {
    family: 'database',
    need: 'write',
    label: 'run SQL',
    send: (c, t) =>
      c.post('/api/database/execute', { projectId: t.projectId, query: 'select 1 as one' }),
  },
  // The AI and the agents
  {
    family: 'ai',
    need: 'read',
    label: 'conversation',
    send: (c, t) => c.get(`/api/ai/conversation?projectId=${t.projectId}`),
  },
  {
    family: 'ai',
    need: 'write',
    label: 'agent turn',
    send: (c, t) => c.post('/api/ai/agent', { projectId: t.projectId, message: 'Say hello' }),
  },
  {
    family: 'agents',
    need: 'read',
    label: 'orchestrations',
    send: (c, t) => c.get(`/api/agent/orchestrations?projectId=${t.projectId}`),
  },
  {
    family: 'agents',
    need: 'write',
    label: 'review',
    send: (c, t) =>
      c.post('/api/agent/review', {
        projectId: t.projectId,
        files: [{ path: 'main.js', content: 'console.log(1);' }],
      }),
  },
  // Preview
  {
    family: 'preview',
    need: 'read',
    label: 'preview link',
    send: (c, t) => c.get(`/api/projects/${t.projectId}/preview`),
  },
  // Git
  {
    family: 'git',
    need: 'read',
    label: 'sync history',
    send: (c, t) => c.get(`/api/github/sync-history/${t.projectId}`),
  },
  {
    family: 'git',
    need: 'read',
    label: 'diff status',
    send: (c, t) => c.get(`/api/github/diff/${t.projectId}`),
  },
  {
    family: 'git',
    need: 'write',
    label: 'push',
    send: (c, t) => c.post('/api/github/push', { projectId: t.projectId }),
  },
  {
    family: 'git',
    need: 'own',
    label: 'link',
    send: (c, t) =>
      c.post('/api/github/link', { projectId: t.projectId, owner: 'o', repo: 'r', branch: 'main' }),
  },
  {
    family: 'git',
    need: 'own',
    label: 'sync settings',
    send: (c, t) => c.patch(`/api/github/settings/${t.projectId}`, { autoSyncEnabled: false }),
  },
  // Secrets and deploys
  {
    family: 'env-vars',
    need: 'own',
    label: 'list variables',
    send: (c, t) => c.get(`/api/env-vars/${t.projectId}`),
  },
  {
    family: 'env-vars',
    need: 'own',
    label: 'set a variable',
    send: (c, t) => c.post('/api/env-vars', { projectId: t.projectId, key: 'K', value: 'v' }),
  },
  {
    family: 'deploy',
    need: 'own',
    label: 'deploy configs',
    send: (c, t) => c.get(`/api/deployment/configs/${t.projectId}`),
  },
  {
    family: 'deploy',
    need: 'own',
    label: 'deploy',
    send: (c, t) =>
      c.post('/api/deployment/deploy', { projectId: t.projectId, platform: 'vercel' }),
  },
  // Members
  {
    family: 'members',
    need: 'read',
    label: 'members',
    send: (c, t) => c.get(`/api/projects/${t.projectId}/members`),
  },
  {
    family: 'members',
    need: 'own',
    label: 'invite',
    send: (c, t) =>
      c.post(`/api/projects/${t.projectId}/members`, { email: 'someone@example.com' }),
  },
];

const ALLOWED: Record<'editor' | 'viewer', Need[]> = {
  editor: ['read', 'write'],
  viewer: ['read'],
};

const REFUSALS: Record<Exclude<Need, 'read'>, string> = {
  write: 'Viewers cannot change this project. Ask its owner to make you an editor.',
  own: "Only the project's owner can do that",
};

describe('what each role may do in a project', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
      { aiProviders: scriptedProviders(scriptedModel().model) },
    );
  });
  afterAll(() => t.close());

  async function projectWithEveryone() {
    const owner = await signUp(t.app);
    const project = (
      await owner.client.post('/api/projects', { name: 'Team app' })
    ).json<Project>();
    const file = (
      await owner.client.post('/api/files', {
        projectId: project.id,
        path: 'main.js',
        content: "console.log('hello');\n",
      })
    ).json<ProjectFile>();
    const editor = await signUp(t.app);
    const viewer = await signUp(t.app);
    const outsider = await signUp(t.app);
    for (const [person, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      const added = await owner.client.post(`/api/projects/${project.id}/members`, {
        email: person.email,
        role,
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    return { owner, editor, viewer, outsider, target: { projectId: project.id, fileId: file.id } };
  }

  for (const role of ['editor', 'viewer'] as const) {
    it(`lets ${role === 'editor' ? 'an' : 'a'} ${role} do what the role allows on every route family, and no more`, async () => {
      const { target, ...people } = await projectWithEveryone();
      const client = people[role].client;
      const seen = new Set<string>();
      for (const call of CALLS) {
        seen.add(call.family);
        const response = await call.send(client, target, role);
        const where = `${role}: ${call.label} answered ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (ALLOWED[role].includes(call.need)) {
          // Allowed: whatever the call answers (an unlinked project's 400, say), never a refusal.
          expect([401, 403, 404], where).not.toContain(response.statusCode);
        } else {
          expect(response.statusCode, where).toBe(403);
          expect(response.json(), where).toEqual({
            code: 'FORBIDDEN',
            error: REFUSALS[call.need as Exclude<Need, 'read'>],
          });
        }
      }
      expect(seen.size).toBeGreaterThanOrEqual(12);
      // The project is still there, and only the editor's writes happened.
      const files = await people.owner.client.get(`/api/files/${target.projectId}/entries`);
      const paths = files.json<{ path: string }[]>().map((entry) => entry.path);
      expect(paths.includes('by-editor.txt')).toBe(role === 'editor');
      expect(paths.includes('by-viewer.txt')).toBe(false);
    });
  }

  it('tells someone outside the project that it does not exist, on every route family', async () => {
    const { target, outsider, owner } = await projectWithEveryone();
    for (const call of CALLS) {
      const response = await call.send(outsider.client, target, 'outsider');
      const where = `outsider: ${call.label} answered ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, where).toBe(404);
    }
    expect((await owner.client.get(`/api/projects/${target.projectId}`)).json<Project>().name).toBe(
      'Team app',
    );
  });

  it('lets an editor save over the latest version and refuses a viewer’s save, keeping the text', async () => {
    const { target, editor, viewer, owner } = await projectWithEveryone();
    const saved = await editor.client.patch(`/api/files/${target.fileId}`, {
      content: 'edited\n',
      baseVersion: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await viewer.client.patch(`/api/files/${target.fileId}`, {
      content: 'vandalised\n',
      baseVersion: 2,
    });
    expect(refused.statusCode).toBe(403);
    const content = await owner.client.get(`/api/files/${target.projectId}/content?path=main.js`);
    expect(content.json<ProjectFile>().content).toBe('edited\n');
  });
});
