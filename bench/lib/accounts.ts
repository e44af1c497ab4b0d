// Accounts and projects made through Kiln's own API, as a person signing up would make them.
import { BenchClient } from './server';

/** Registers a new account and answers its signed-in client. */
export async function signUp(
  baseUrl: string,
  options: { email?: string; name?: string } = {},
): Promise<BenchClient> {
  const client = new BenchClient(baseUrl);
  const email =
    options.email ?? `bench-${Date.now()}-${Math.random().toString(16).slice(2)}@example.com`;
  const response = await client.request('POST', '/api/auth/register', {
    email,
    password: 'bench-password',
    ...(options.name === undefined ? {} : { name: options.name }),
  });
  if (response.status !== 201) {
    client.close();
    throw new Error(`register answered ${response.status}: ${response.body.toString()}`);
  }
  return client;
}

/** Creates a project for the signed-in client and answers its id. */
export async function createProject(
  client: BenchClient,
  name: string,
  templateId?: string,
): Promise<string> {
  const created = await client.request('POST', '/api/projects', {
    name,
    ...(templateId === undefined ? {} : { templateId }),
  });
  if (created.status !== 201) throw new Error(`create project answered ${created.status}`);
  return created.json<{ id: string }>().id;
}

/** Creates a file in the project and answers its id and version. */
export async function createFile(
  client: BenchClient,
  projectId: string,
  filePath: string,
  content: string,
): Promise<{ id: string; version: number }> {
  const file = await client.request('POST', '/api/files', { projectId, path: filePath, content });
  if (file.status !== 201) throw new Error(`create file answered ${file.status}`);
  return file.json<{ id: string; version: number }>();
}
