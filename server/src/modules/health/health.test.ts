import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TestClient } from '../../test/client';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports the database and sets a CSRF cookie for a new visitor', async () => {
    const client = new TestClient(t.app);
    const response = await client.get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: { ok: true }, mail: 'outbox' });
    expect(client.cookies.get('csrf_token')).toMatch(/^[\w-]{43}$/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await new TestClient(t.app).get('/api/does-not-exist');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'No API route for GET /api/does-not-exist',
      code: 'NOT_FOUND',
    });
  });
});
