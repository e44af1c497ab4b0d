import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryUser } from '@kiln/shared';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { countUsers, signUp } from '../../test/factories';

describe('GET /api/auth/users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 UNAUTHENTICATED when signed out', async () => {
    await signUp(t.app);
    const response = await new TestClient(t.app).get('/api/auth/users');
    expectError(response, 401, 'UNAUTHENTICATED');
    expect(response.body).not.toContain('@example.com');
  });

  it('answers 401 to a browser that has signed out', async () => {
    const account = await signUp(t.app);
    await account.client.post('/api/auth/logout');
    expectError(await account.client.get('/api/auth/users'), 401, 'UNAUTHENTICATED');
  });

  it('lists every account to any signed-in user, with only id, name, email and join date', async () => {
    const admin = await signUp(t.app, { name: 'Admiral' });
    const named = await signUp(t.app, { name: 'Dorothy Vaughan' });
    const unnamed = new TestClient(t.app);
    const unnamedResponse = await unnamed.post('/api/auth/register', {
      email: 'no-name@example.com',
      password: 'secret1',
    });
    expect(unnamedResponse.statusCode).toBe(201);
    const unnamedId = unnamedResponse.json<{ user: { id: string } }>().user.id;

    // A regular user, not the administrator, asks.
    expect(named.user.isAdmin).toBe(false);
    const response = await named.client.get('/api/auth/users');
    expect(response.statusCode).toBe(200);
    const list = response.json<DirectoryUser[]>();

    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(await countUsers(t.database));
    for (const entry of list) {
      expect(Object.keys(entry).sort()).toEqual(['createdAt', 'email', 'id', 'name']);
    }
    expect(response.body).not.toMatch(/\$argon2|password|isAdmin|subscription|token/i);

    const byId = new Map(list.map((entry) => [entry.id, entry]));
    expect(byId.get(admin.user.id)).toEqual({
      id: admin.user.id,
      name: 'Admiral',
      email: admin.email,
      createdAt: admin.user.createdAt,
    });
    expect(byId.get(named.user.id)).toMatchObject({ name: 'Dorothy Vaughan', email: named.email });
    expect(byId.get(unnamedId)).toMatchObject({ name: null, email: 'no-name@example.com' });
  });

  it('lists the same accounts to every signed-in user', async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    const seenByFirst = (await first.client.get('/api/auth/users')).json<DirectoryUser[]>();
    const seenBySecond = (await second.client.get('/api/auth/users')).json<DirectoryUser[]>();
    expect(seenBySecond).toEqual(seenByFirst);
    expect(seenByFirst.map((entry) => entry.id)).toEqual(
      expect.arrayContaining([first.user.id, second.user.id]),
    );
  });
});
