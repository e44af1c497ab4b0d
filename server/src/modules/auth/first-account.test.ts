import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@kiln/shared';
import { createTestApp, type TestApp } from '../../test/app';
import { TestClient } from '../../test/client';
import { uniqueEmail } from '../../test/factories';
import { waitForLockWaiters } from '../../test/locks';

const SIGN_UPS = 3;

describe('the first account on an empty instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is the only administrator, even when several people sign up at the same moment', async () => {
    let pending: Promise<LightMyRequestResponse[]> | undefined;
    await t.database.db.transaction(async (tx) => {
      // Hold new rows out of `users` until every sign-up has decided whether it is the first,
      // so the sign-ups overlap for certain rather than by luck.
      await tx.execute(sql`lock table users in share mode`);
      pending = Promise.all(
        Array.from({ length: SIGN_UPS }, () =>
          new TestClient(t.app).post('/api/auth/register', {
            email: uniqueEmail('race'),
            password: 'secret1',
          }),
        ),
      );
      // The embedded database has one connection: the sign-ups simply wait for this
      // transaction to end and run one after another.
      if (t.database.kind === 'postgres') await waitForLockWaiters(tx, SIGN_UPS);
    });

    const responses = await pending!;
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const isAdmin = responses.map((response) => response.json<{ user: User }>().user.isAdmin);
    expect(isAdmin.filter(Boolean), `isAdmin of each sign-up: ${isAdmin.join(', ')}`).toHaveLength(
      1,
    );
  });
});
