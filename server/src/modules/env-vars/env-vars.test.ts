import type { AgentResponse, EnvVar, ExecuteResult, Project } from '@kiln/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { envVars } from './tables';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { promptText, scriptedModel, scriptedProviders } from '../../test/scripted-model';

const scripted = scriptedModel();
const SECRET = 'sk-live-7f3c9a1e-do-not-leak';

describe('environment variables', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { aiProviders: scriptedProviders(scripted.model) });
  });
  afterAll(() => t.close());
  beforeEach(() => scripted.script([]));

  async function ownerWithProject() {
    const owner = await signUp(t.app);
    const project = (
      await owner.client.post('/api/projects', { name: `Env ${Math.random()}` })
    ).json<Project>();
    const set = (key: unknown, value: unknown) =>
      owner.client.post('/api/env-vars', { projectId: project.id, key, value });
    const list = async () =>
      (await owner.client.get(`/api/env-vars?projectId=${project.id}`)).json<EnvVar[]>();
    return { ...owner, project, set, list };
  }

  it('keeps a variable encrypted at rest and lists it, by query and by path', async () => {
    const p = await ownerWithProject();
    const created = await p.set('  API_KEY ', `  ${SECRET} `);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<EnvVar>()).toMatchObject({
      projectId: p.project.id,
      key: 'API_KEY',
      value: SECRET,
    });
    expect(await p.list()).toEqual([created.json()]);
    const byPath = await p.client.get(`/api/env-vars/${p.project.id}`);
    expect(byPath.json()).toEqual([created.json()]);

    const [stored] = await t.database.db
      .select()
      .from(envVars)
      .where(eq(envVars.projectId, p.project.id));
    expect(stored!.valueEncrypted).not.toContain(SECRET);
    expect(stored!.valueEncrypted).toMatch(/^v1\./);
  });

  it('replaces the value of a key the project has, keeping its id', async () => {
    const p = await ownerWithProject();
    const first = (await p.set('MODE', 'one')).json<EnvVar>();
    const second = await p.set('MODE', 'two');
    expect(second.statusCode).toBe(200);
    expect(second.json<EnvVar>()).toMatchObject({ id: first.id, value: 'two' });
    expect((await p.list()).map((v) => [v.key, v.value])).toEqual([['MODE', 'two']]);
  });

  it('refuses a blank key or value and a key that is not a variable name, changing nothing', async () => {
    const p = await ownerWithProject();
    await p.set('KEEP', 'kept');
    for (const [key, value] of [
      ['', 'x'],
      ['NAME', '   '],
      [undefined, undefined],
    ]) {
      expect(expectError(await p.set(key, value), 400, 'VALIDATION_FAILED')).toBe(
        'Invalid input: Both key and value are required.',
      );
    }
    expect(expectError(await p.set('2FAST', 'x'), 400, 'VALIDATION_FAILED')).toBe(
      'Invalid input: A key is letters, digits and underscores, and does not start with a digit.',
    );
    expect((await p.list()).map((v) => v.key)).toEqual(['KEEP']);
  });

  it('deletes a variable, for its owner only', async () => {
    const p = await ownerWithProject();
    const variable = (await p.set('TOKEN', 'abc')).json<EnvVar>();
    const stranger = await signUp(t.app);
    expectError(await stranger.client.delete(`/api/env-vars/${variable.id}`), 404, 'NOT_FOUND');
    expectError(
      await stranger.client.get(`/api/env-vars?projectId=${p.project.id}`),
      404,
      'NOT_FOUND',
    );
    expectError(
      await stranger.client.post('/api/env-vars', {
        projectId: p.project.id,
        key: 'X',
        value: 'y',
      }),
      404,
      'NOT_FOUND',
    );
    expect(await p.list()).toHaveLength(1);

    const deleted = await p.client.delete(`/api/env-vars/${variable.id}`);
    expect(deleted.json()).toEqual({ message: 'Environment variable deleted' });
    expect(await p.list()).toEqual([]);
    expectError(await p.client.delete(`/api/env-vars/${variable.id}`), 404, 'NOT_FOUND');
    expectError(await p.client.delete('/api/env-vars/not-an-id'), 404, 'NOT_FOUND');
  });

  it('answers 401 to a signed-out visitor', async () => {
    const p = await ownerWithProject();
    const anonymous = new TestClient(t.app);
    expectError(
      await anonymous.get(`/api/env-vars?projectId=${p.project.id}`),
      401,
      'UNAUTHENTICATED',
    );
    expectError(await anonymous.get(`/api/env-vars/${p.project.id}`), 401, 'UNAUTHENTICATED');
    expectError(
      await anonymous.post('/api/env-vars', { projectId: p.project.id, key: 'A', value: 'b' }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(await anonymous.delete(`/api/env-vars/${p.project.id}`), 401, 'UNAUTHENTICATED');
  });

  it('gives the variables to a run the person starts', async () => {
    const p = await ownerWithProject();
    await p.set('GREETING', 'hello from the environment');
    const run = await p.client.post(`/api/projects/${p.project.id}/execute`, {
      filePath: 'env.js',
      code: 'console.log(process.env.GREETING);',
    });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json<ExecuteResult>().output).toBe('hello from the environment\n');
  });

  it("never lets a value reach the AI model, even through the agent's own runs", async () => {
    const p = await ownerWithProject();
    await p.set('API_KEY', SECRET);
    await p.client.post('/api/files', {
      projectId: p.project.id,
      path: 'leak.js',
      content: 'console.log("key=" + process.env.API_KEY);\n',
    });
    scripted.script([
      { toolCalls: [{ name: 'list_files', input: {} }] },
      { toolCalls: [{ name: 'run_file', input: { path: 'leak.js' } }] },
      { text: 'Ran it.' },
    ]);
    const answer = await p.client.post('/api/ai/agent', {
      projectId: p.project.id,
      message: 'Run leak.js and tell me what it printed',
    });
    expect(answer.json<AgentResponse>().message).toBe('Ran it.');
    expect(scripted.calls).toHaveLength(3);
    expect(promptText(scripted.calls[2]!)).toContain('key=undefined');
    for (const call of scripted.calls) expect(promptText(call)).not.toContain(SECRET);
  });
});
