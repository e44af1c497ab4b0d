import { count, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  AdminAnalyticsSchema,
  AdminUserSchema,
  RECENT_USERS_LIMIT,
  type AdminAnalytics,
  type AdminUser,
  type Project,
  type User,
} from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, sessions } from '../auth/tables';
import { files } from '../files/tables';
import { projects } from '../projects/tables';
import { uploads } from '../uploads/tables';
import { users } from '../users/tables';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError, expectNoSecrets } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { countUsers, signUp } from '../../test/factories';
import { waitForLockWaiters } from '../../test/locks';
import { fileUpload } from '../../test/multipart';
import { UPLOAD_URL } from '../../test/uploads';
import { buildZip } from '../../test/zips';
import { ADMIN_CHANGES_LOCK_ID } from './service';

const USERS_URL = '/api/admin/users';
const ANALYTICS_URL = '/api/admin/analytics';
const userUrl = (id: string) => `${USERS_URL}/${id}`;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const ADMIN_USER_KEYS = Object.keys(AdminUserSchema.shape).sort();

type Account = Awaited<ReturnType<typeof signUp>>;

/** Each admin endpoint as a request a client can send, for the access checks. */
const ENDPOINTS: Array<
  [string, (client: TestClient, targetId: string) => Promise<LightMyRequestResponse>]
> = [
  ['GET /api/admin/users', (client) => client.get(USERS_URL)],
  ['GET /api/admin/analytics', (client) => client.get(ANALYTICS_URL)],
  [
    'PATCH /api/admin/users/:userId',
    (client, id) => client.patch(userUrl(id), { subscriptionPlan: 'enterprise' }),
  ],
  ['DELETE /api/admin/users/:userId', (client, id) => client.delete(userUrl(id))],
];

async function createProjects(client: TestClient, names: string[]) {
  for (const name of names) {
    const response = await client.post('/api/projects', { name });
    expect(response.statusCode, response.body).toBe(201);
  }
}

const listUsers = async (client: TestClient) => {
  const response = await client.get(USERS_URL);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminUser[]>();
};

describe('admin API', () => {
  let t: TestApp;
  let admin: Account;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    // The first account on an empty instance is the administrator.
    admin = await signUp(t.app, { name: 'Ada Admin' });
    expect(admin.user.isAdmin).toBe(true);
  });
  afterAll(() => t.close());

  const userRow = async (id: string) => {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    return row;
  };

  describe('access', () => {
    it.each(ENDPOINTS)('%s answers 401 UNAUTHENTICATED when signed out', async (_name, send) => {
      const target = await signUp(t.app);
      const response = await send(new TestClient(t.app), target.user.id);
      expectError(response, 401, 'UNAUTHENTICATED');
      expect(response.body).not.toContain(target.email);
      expect(await userRow(target.user.id)).toMatchObject({ subscriptionPlan: 'free' });
    });

    it.each(ENDPOINTS)(
      '%s answers 403 FORBIDDEN to a signed-in user who is not an administrator',
      async (_name, send) => {
        const member = await signUp(t.app);
        const target = await signUp(t.app);
        expect(member.user.isAdmin).toBe(false);
        const response = await send(member.client, target.user.id);
        expectError(response, 403, 'FORBIDDEN');
        expect(response.body).not.toContain(target.email);
        expect(await userRow(target.user.id)).toMatchObject({ subscriptionPlan: 'free' });
      },
    );

    it('refuses a non-administrator before reading the body, so a bad body is still 403', async () => {
      const member = await signUp(t.app);
      const response = await member.client.patch(userUrl(member.user.id), { isAdmin: 'please' });
      expectError(response, 403, 'FORBIDDEN');
      expect((await userRow(member.user.id))?.isAdmin).toBe(false);
    });

    it('answers 401 to a browser that has signed out of an administrator account', async () => {
      const second = await signUp(t.app);
      await admin.client.patch(userUrl(second.user.id), { isAdmin: true });
      await second.client.post('/api/auth/logout');
      expectError(await second.client.get(USERS_URL), 401, 'UNAUTHENTICATED');
    });

    it('needs the CSRF header on changes, like every other state-changing call', async () => {
      const target = await signUp(t.app);
      const response = await admin.client.patch(
        userUrl(target.user.id),
        { subscriptionPlan: 'pro' },
        { withoutCsrf: true },
      );
      expectError(response, 403, 'CSRF_FAILED');
      expect((await userRow(target.user.id))?.subscriptionPlan).toBe('free');
    });
  });

  describe('GET /api/admin/users', () => {
    it('lists every account, newest first, with its project count and no secrets', async () => {
      const builder = await signUp(t.app, { name: 'Builder' });
      await createProjects(builder.client, ['one', 'two']);
      const screenSignUp = new TestClient(t.app);
      const registered = await screenSignUp.post('/api/auth/register', {
        username: 'grace_h',
        email: 'Grace.Hopper@Example.com',
        password: 'long-enough-password',
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const grace = registered.json<{ user: User }>().user;

      const response = await admin.client.get(USERS_URL);
      expect(response.statusCode).toBe(200);
      expectNoSecrets(response);
      expect(response.body).not.toMatch(/token|password/i);
      const list = response.json<AdminUser[]>();
      expect(list).toHaveLength(await countUsers(t.database));
      for (const entry of list) expect(Object.keys(entry).sort()).toEqual(ADMIN_USER_KEYS);

      const created = list.map((entry) => Date.parse(entry.createdAt));
      expect(created).toEqual([...created].sort((a, b) => b - a));
      expect(list[0]).toEqual({
        id: grace.id,
        email: 'Grace.Hopper@Example.com',
        name: 'grace_h',
        username: 'grace_h',
        subscriptionPlan: 'free',
        subscriptionStatus: 'free',
        isAdmin: false,
        emailVerified: false,
        createdAt: grace.createdAt,
        projectCount: 0,
      });
      const byId = new Map(list.map((entry) => [entry.id, entry]));
      expect(byId.get(builder.user.id)).toMatchObject({ name: 'Builder', projectCount: 2 });
      expect(byId.get(admin.user.id)).toMatchObject({ isAdmin: true, email: admin.email });
    });
  });

  describe('PATCH /api/admin/users/:userId', () => {
    it("changes a user's plan, status and admin flag, and the user sees the change", async () => {
      const member = await signUp(t.app);
      const response = await admin.client.patch(userUrl(member.user.id), {
        subscriptionPlan: 'pro',
        subscriptionStatus: 'active',
        isAdmin: true,
      });
      expect(response.statusCode, response.body).toBe(200);
      expectNoSecrets(response);
      expect(response.json()).toEqual({
        ...AdminUserSchema.parse(
          (await listUsers(admin.client)).find((entry) => entry.id === member.user.id),
        ),
        subscriptionPlan: 'pro',
        subscriptionStatus: 'active',
        isAdmin: true,
      });

      // The member's own session reads the new plan, and the new flag opens the portal to them.
      const me = (await member.client.get('/api/auth/me')).json<{ user: User }>().user;
      expect(me).toMatchObject({ subscriptionPlan: 'pro', subscriptionStatus: 'active' });
      expect((await member.client.get(USERS_URL)).statusCode).toBe(200);

      const demoted = await admin.client.patch(userUrl(member.user.id), { isAdmin: false });
      expect(demoted.statusCode, demoted.body).toBe(200);
      expectError(await member.client.get(USERS_URL), 403, 'FORBIDDEN');
    });

    it('changes only the fields sent, and allows any plan and status together', async () => {
      const member = await signUp(t.app);
      await admin.client.patch(userUrl(member.user.id), { subscriptionPlan: 'enterprise' });
      const response = await admin.client.patch(userUrl(member.user.id), {
        subscriptionStatus: 'canceled',
      });
      expect(response.json<AdminUser>()).toMatchObject({
        subscriptionPlan: 'enterprise',
        subscriptionStatus: 'canceled',
        isAdmin: false,
      });
      expect(await userRow(member.user.id)).toMatchObject({
        subscriptionPlan: 'enterprise',
        subscriptionStatus: 'canceled',
        isAdmin: false,
      });
    });

    it.each([
      [{ subscriptionPlan: 'gold' }, 'subscriptionPlan must be one of free, pro, enterprise'],
      [{ subscriptionPlan: null }, 'subscriptionPlan'],
      [
        { subscriptionStatus: 'paused' },
        'subscriptionStatus must be one of free, active, canceled',
      ],
      [{ isAdmin: 'yes' }, 'isAdmin must be true or false'],
      [{}, 'Send at least one of subscriptionPlan, subscriptionStatus, isAdmin'],
      [{ subscriptionPlan: 'pro', email: 'taken@example.com' }, 'email'],
    ])('refuses %j with 400 naming the field, and changes nothing', async (body, message) => {
      const member = await signUp(t.app);
      const response = await admin.client.patch(userUrl(member.user.id), body);
      expect(expectError(response, 400, 'VALIDATION_FAILED')).toContain(message);
      expect(await userRow(member.user.id)).toMatchObject({
        email: member.email,
        subscriptionPlan: 'free',
        subscriptionStatus: 'free',
        isAdmin: false,
      });
    });

    it.each([UNKNOWN_ID, 'not-a-uuid'])(
      'answers 404 NOT_FOUND for the unknown user %s',
      async (id) => {
        const response = await admin.client.patch(userUrl(id), { subscriptionPlan: 'pro' });
        expectError(response, 404, 'NOT_FOUND');
      },
    );

    it('refuses to let administrators remove their own admin flag, with 400 OWN_ACCOUNT', async () => {
      const response = await admin.client.patch(userUrl(admin.user.id), {
        subscriptionPlan: 'enterprise',
        isAdmin: false,
      });
      expect(expectError(response, 400, 'OWN_ACCOUNT')).toBe(
        'You cannot remove your own administrator access. Ask another administrator to do it.',
      );
      // Nothing of the request was applied, the plan included.
      expect(await userRow(admin.user.id)).toMatchObject({
        isAdmin: true,
        subscriptionPlan: 'free',
      });
      expect((await admin.client.get(USERS_URL)).statusCode).toBe(200);
    });

    it('lets administrators change their own plan and status, keeping their flag', async () => {
      const own = await signUp(t.app);
      await admin.client.patch(userUrl(own.user.id), { isAdmin: true });
      const response = await own.client.patch(userUrl(own.user.id), {
        subscriptionPlan: 'pro',
        subscriptionStatus: 'active',
        isAdmin: true,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<AdminUser>()).toMatchObject({ subscriptionPlan: 'pro', isAdmin: true });
    });

    it('lets one administrator remove another administrator', async () => {
      const other = await signUp(t.app);
      await admin.client.patch(userUrl(other.user.id), { isAdmin: true });
      const response = await admin.client.patch(userUrl(other.user.id), { isAdmin: false });
      expect(response.json<AdminUser>().isAdmin).toBe(false);
    });
  });

  describe('DELETE /api/admin/users/:userId', () => {
    it('deletes the account with its projects, files, uploads and sessions; its cookies stop working', async () => {
      const victim = await signUp(t.app, { name: 'Leaving' });
      const bystander = await signUp(t.app);
      await createProjects(victim.client, ['first', 'second']);
      await createProjects(bystander.client, ['stays']);
      const { body, headers } = fileUpload('site.zip', buildZip({ 'index.html': '<h1>hi</h1>' }));
      expect((await victim.client.post(UPLOAD_URL, body, { headers })).statusCode).toBe(201);
      // A second browser signed in to the same account.
      const otherBrowser = new TestClient(t.app);
      const login = await otherBrowser.post('/api/auth/login', {
        email: victim.email,
        password: victim.password,
      });
      expect(login.statusCode, login.body).toBe(200);

      const victimProjects = (await victim.client.get('/api/projects')).json<Project[]>();
      const projectIds = victimProjects.map((project) => project.id);
      expect(projectIds).toHaveLength(2);
      const owned = async () => {
        const db = t.database.db;
        const id = victim.user.id;
        const [[p], [f], [s], [u], [e]] = await Promise.all([
          db.select({ n: count() }).from(projects).where(eq(projects.ownerId, id)),
          db.select({ n: count() }).from(files).where(inArray(files.projectId, projectIds)),
          db.select({ n: count() }).from(sessions).where(eq(sessions.userId, id)),
          db.select({ n: count() }).from(uploads).where(eq(uploads.ownerId, id)),
          db.select({ n: count() }).from(emailTokens).where(eq(emailTokens.userId, id)),
        ]);
        return { projects: p?.n, files: f?.n, sessions: s?.n, uploads: u?.n, tokens: e?.n };
      };
      const before = await owned();
      expect(before).toMatchObject({ projects: 2, sessions: 2, uploads: 1 });
      expect(before.files).toBeGreaterThan(0);
      expect(before.tokens).toBeGreaterThan(0);

      const response = await admin.client.delete(userUrl(victim.user.id));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: 'User deleted' });

      expect(await userRow(victim.user.id)).toBeUndefined();
      expect(await owned()).toEqual({ projects: 0, files: 0, sessions: 0, uploads: 0, tokens: 0 });
      expectError(await victim.client.get('/api/projects'), 401, 'UNAUTHENTICATED');
      expectError(await otherBrowser.get('/api/auth/me'), 401, 'UNAUTHENTICATED');
      const relogin = await new TestClient(t.app).post('/api/auth/login', {
        email: victim.email,
        password: victim.password,
      });
      expectError(relogin, 401, 'INVALID_CREDENTIALS');

      // Other people's accounts and projects are untouched.
      expect((await bystander.client.get('/api/projects')).json<Project[]>()).toHaveLength(1);
      const listed = (await listUsers(admin.client)).map((entry) => entry.id);
      expect(listed).not.toContain(victim.user.id);
      expect(listed).toContain(bystander.user.id);

      expectError(await admin.client.delete(userUrl(victim.user.id)), 404, 'NOT_FOUND');
    });

    it('refuses to let administrators delete their own account, with 400 OWN_ACCOUNT', async () => {
      const response = await admin.client.delete(userUrl(admin.user.id));
      expect(expectError(response, 400, 'OWN_ACCOUNT')).toBe('You cannot delete your own account');
      expect(await userRow(admin.user.id)).toBeDefined();
      expect((await admin.client.get('/api/auth/me')).statusCode).toBe(200);
    });

    it.each([UNKNOWN_ID, 'not-a-uuid'])(
      'answers 404 NOT_FOUND for the unknown user %s',
      async (id) => {
        const before = await countUsers(t.database);
        expectError(await admin.client.delete(userUrl(id)), 404, 'NOT_FOUND');
        expect(await countUsers(t.database)).toBe(before);
      },
    );
  });
});

describe('two administrators removing each other at the same moment', () => {
  let t: TestApp;
  let root: Account;
  beforeAll(async () => {
    t = await createTestApp();
    root = await signUp(t.app);
  });
  afterAll(() => t.close());

  it.each([
    ['delete', (client: TestClient, id: string) => client.delete(userUrl(id))],
    ['demote', (client: TestClient, id: string) => client.patch(userUrl(id), { isAdmin: false })],
  ])('%s: one of them wins and the other stays an administrator', async (_name, send) => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    for (const account of [first, second]) {
      const promoted = await root.client.patch(userUrl(account.user.id), { isAdmin: true });
      expect(promoted.statusCode, promoted.body).toBe(200);
    }

    let pending: Promise<LightMyRequestResponse[]> | undefined;
    await t.database.db.transaction(async (tx) => {
      // Hold the administrators' lock so both requests are past their checks and waiting.
      await tx.execute(
        sql`select pg_advisory_xact_lock(${sql.raw(String(ADMIN_CHANGES_LOCK_ID))})`,
      );
      pending = Promise.all([
        send(first.client, second.user.id),
        send(second.client, first.user.id),
      ]);
      // The embedded database has one connection: the requests simply run after this one.
      if (t.database.kind === 'postgres') await waitForLockWaiters(tx, 2);
    });
    // The loser finds itself no longer an administrator (403) or, deleted before its session
    // was read, signed out (401).
    const statuses = (await pending!).map((response) => response.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 403]).toContain(statuses[1]);
    const pair = await t.database.db
      .select({ isAdmin: users.isAdmin })
      .from(users)
      .where(inArray(users.id, [first.user.id, second.user.id]));
    expect(pair.filter((row) => row.isAdmin)).toHaveLength(1);
  });
});

describe('GET /api/admin/analytics on a known set of accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => t.close());

  it('counts users, projects, plans and statuses, and revenue from active paid plans only', async () => {
    const admin = await signUp(t.app);
    const setPlan = async (account: Account, plan: string, status: string) => {
      const response = await admin.client.patch(userUrl(account.user.id), {
        subscriptionPlan: plan,
        subscriptionStatus: status,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const proActive = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    for (const account of proActive) await setPlan(account, 'pro', 'active');
    const proCanceled = await signUp(t.app);
    await setPlan(proCanceled, 'pro', 'canceled');
    const enterpriseActive = await signUp(t.app);
    await setPlan(enterpriseActive, 'enterprise', 'active');
    const enterpriseUnpaid = await signUp(t.app);
    await setPlan(enterpriseUnpaid, 'enterprise', 'free');
    const freeUser = await signUp(t.app);

    await createProjects(admin.client, ['a', 'b']);
    await createProjects(proActive[0]!.client, ['c', 'd', 'e', 'f']);
    await createProjects(freeUser.client, ['g']);

    const response = await admin.client.get(ANALYTICS_URL);
    expect(response.statusCode, response.body).toBe(200);
    expectNoSecrets(response);
    const analytics = AdminAnalyticsSchema.parse(response.json());
    expect(Object.keys(response.json()).sort()).toEqual(
      Object.keys(AdminAnalyticsSchema.shape).sort(),
    );
    expect({ ...analytics, recentUsers: [] }).toEqual<AdminAnalytics>({
      totalUsers: 8,
      totalProjects: 7,
      activeSubscriptions: 4,
      statusBreakdown: { active: 4, free: 3, canceled: 1 },
      subscriptionBreakdown: { free: 2, pro: 4, enterprise: 2 },
      // 3 active Pro at £19 and 1 active Enterprise at £99; canceled and unpaid ones pay nothing.
      monthlyRevenue: { pro: 57, enterprise: 99 },
      recentUsers: [],
    });

    expect(analytics.recentUsers).toHaveLength(RECENT_USERS_LIMIT);
    expect(analytics.recentUsers.map((entry) => entry.id)).toEqual(
      [freeUser, enterpriseUnpaid, enterpriseActive, proCanceled, proActive[2]!].map(
        (account) => account.user.id,
      ),
    );
    expect(analytics.recentUsers[0]).toEqual({
      id: freeUser.user.id,
      email: freeUser.email,
      createdAt: freeUser.user.createdAt,
      subscriptionPlan: 'free',
    });
    expect(analytics.recentUsers[1]?.subscriptionPlan).toBe('enterprise');

    // Deleting an account takes its projects and its revenue out of the figures.
    await admin.client.delete(userUrl(proActive[0]!.user.id));
    const after = (await admin.client.get(ANALYTICS_URL)).json<AdminAnalytics>();
    expect(after).toMatchObject({
      totalUsers: 7,
      totalProjects: 3,
      activeSubscriptions: 3,
      subscriptionBreakdown: { free: 2, pro: 3, enterprise: 2 },
      monthlyRevenue: { pro: 38, enterprise: 99 },
    });
  });
});
