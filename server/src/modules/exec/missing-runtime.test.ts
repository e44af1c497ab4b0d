import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { createProject } from '../../test/project-files';

/** A server whose search path holds no runtime at all: only Node.js, Kiln's own, is there. */
describe('POST /api/projects/:id/execute when the runtime is missing', () => {
  let t: TestApp;
  let client: TestClient;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp({}, { runtimeSearchPath: '' });
    ({ client } = await signUp(t.app));
    projectId = (await createProject(client, 'Runtimes')).id;
  });
  afterAll(() => t.close());

  const execute = (caller: TestClient, filePath: string, code: string) =>
    caller.post(`/api/projects/${projectId}/execute`, { filePath, code });

  it('refuses a Python file with RUNTIME_MISSING, naming what to install', async () => {
    const response = await execute(client, 'main.py', 'print("hi")\n');
    expectError(response, 503, 'RUNTIME_MISSING');
    expect(response.json().error).toBe(
      'Python is not installed on this Kiln server: install python3 to run Python files.',
    );
  });

  it('still runs JavaScript, whose runtime is always there', async () => {
    const response = await execute(client, 'main.js', 'console.log(6 * 7)');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ output: '42\n', exitCode: 0 });
  });

  it('answers 401 signed out and 404 for a project not yours, before any runtime is named', async () => {
    expectError(await execute(new TestClient(t.app), 'main.py', ''), 401, 'UNAUTHENTICATED');
    const other = await signUp(t.app);
    expectError(await execute(other.client, 'main.py', 'print(1)'), 404, 'NOT_FOUND');
  });
});
