import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TestClient } from '../../test/client';

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>
  >;
}

/**
 * The routes of Fastify's printed route tree, with parameters as `{}` and lower-case methods,
 * HEAD left out (Fastify adds it to every GET).
 */
function serverRoutes(tree: string): { path: string; method: string }[] {
  const stack: string[] = [];
  const routes: { path: string; method: string }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    // Parameters by position only: Fastify's tree merges `:projectId` and `:id` at one place.
    const path = stack.join('').replace(/:\w+(?:\|:\w+)*/g, '{}');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ path, method: method.toLowerCase() });
    }
  }
  return routes;
}

describe('the API document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists every API route with its request and answers, as OpenAPI', async () => {
    const response = await new TestClient(t.app).get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApiDocument>();
    expect(document.openapi).toMatch(/^3\./);
    // Every route the server has under /api is in the document, the document's own aside.
    const routes = serverRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      ({ path }) =>
        path.startsWith('/api/') && !path.startsWith('/api/docs') && path !== '/api/openapi.json',
    );
    expect(routes.length).toBeGreaterThan(40);
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method} ${path.replace(/\{\w+\}/g, '{}')}`),
      ),
    );
    const missing = routes.filter(({ path, method }) => !documented.has(`${method} ${path}`));
    expect(missing).toEqual([]);
    for (const path of [
      '/api/auth/login',
      '/api/projects',
      '/api/files/{projectId}',
      '/api/files/{projectId}/entries',
      '/api/files/search/{projectId}',
      '/api/projects/{id}/execute',
      '/api/ai/agent',
      '/api/ai/checkpoints/{id}/restore',
      '/api/admin/users',
    ]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    const agent = document.paths['/api/ai/agent']?.post;
    expect(JSON.stringify(agent?.requestBody)).toContain('conversationHistory');
    expect(Object.keys(agent?.responses ?? {})).toContain('200');
    expect(Object.keys(document.paths)).not.toContain('/api/openapi.json');
    // The public file list answers content; the editor's lean list does not
    // (docs/decisions/0008-file-list-without-content.md).
    const fileFields = (path: string) =>
      Object.keys(
        (
          document.paths[path]?.get?.responses?.['200'] as {
            content: {
              'application/json': { schema: { items: { properties: Record<string, unknown> } } };
            };
          }
        ).content['application/json'].schema.items.properties,
      );
    expect(fileFields('/api/files/{projectId}')).toContain('content');
    expect(fileFields('/api/files/{projectId}/entries')).not.toContain('content');
    expect(fileFields('/api/files/{projectId}/entries')).toEqual(
      fileFields('/api/files/{projectId}').filter((field) => field !== 'content'),
    );
  });

  it('serves a readable page at /api/docs', async () => {
    const response = await new TestClient(t.app).get('/api/docs/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('swagger');
  });
});
