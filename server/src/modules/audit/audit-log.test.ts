import { randomUUID } from 'node:crypto';
import {
  AUDIT_PAGE_LIMIT_DEFAULT,
  AuditLogSchema,
  type AuditEvent,
  type Project,
} from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from './tables';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { readAuditLog } from './test-audit';

type Account = Awaited<ReturnType<typeof signUp>>;
type NewAuditRow = typeof auditEvents.$inferInsert;

const AUDIT_URL = '/api/admin/audit';

describe('GET /api/admin/audit', () => {
  let t: TestApp;
  let admin: Account;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    // The first account on an empty instance is the administrator.
    admin = await signUp(t.app, { name: 'Ada Admin' });
    expect(admin.user.isAdmin).toBe(true);
  });
  afterAll(() => t.close());

  /** Rows written straight to the table, each in a project of its own unless told otherwise. */
  const insert = async (rows: Array<Partial<NewAuditRow>>) => {
    await t.database.db
      .insert(auditEvents)
      .values(rows.map((row) => ({ action: 'terminal.opened', ...row })));
  };
  const ids = (events: AuditEvent[]) => events.map((event) => event.id);

  describe('access', () => {
    it('answers 401 UNAUTHENTICATED when signed out, with no entry in the body', async () => {
      const response = await new TestClient(t.app).get(AUDIT_URL);
      expectError(response, 401, 'UNAUTHENTICATED');
      expect(response.body).not.toContain(admin.email);
    });

    it('answers 403 FORBIDDEN to a signed-in user who is not an administrator', async () => {
      const member = await signUp(t.app);
      expect(member.user.isAdmin).toBe(false);
      const response = await member.client.get(AUDIT_URL);
      expectError(response, 403, 'FORBIDDEN');
      expect(response.body).not.toContain(admin.email);
      expect(response.body).not.toContain(member.email);
    });

    it('refuses a non-administrator before reading the filters, so a bad filter is still 403', async () => {
      const member = await signUp(t.app);
      expectError(await member.client.get(`${AUDIT_URL}?limit=zero`), 403, 'FORBIDDEN');
    });

    it('follows the admin flag: promoted, a user may read it; demoted, no longer', async () => {
      const member = await signUp(t.app);
      const promote = await admin.client.patch(`/api/admin/users/${member.user.id}`, {
        isAdmin: true,
      });
      expect(promote.statusCode, promote.body).toBe(200);
      expect((await member.client.get(AUDIT_URL)).statusCode).toBe(200);
      await admin.client.patch(`/api/admin/users/${member.user.id}`, { isAdmin: false });
      expectError(await member.client.get(AUDIT_URL), 403, 'FORBIDDEN');
    });
  });

  describe('entries', () => {
    it('shows who did what, where, to what and from which address, newest first', async () => {
      const project = (
        await admin.client.post('/api/projects', { name: 'Audited' })
      ).json<Project>();
      const invitee = await signUp(t.app);
      const invited = await admin.client.post(`/api/projects/${project.id}/members`, {
        email: invitee.email,
        role: 'viewer',
      });
      expect(invited.statusCode, invited.body).toBe(201);

      const log = await readAuditLog(admin.client, `projectId=${project.id}`);
      expect(AuditLogSchema.parse(log)).toEqual(log);
      expect(log.nextCursor).toBeNull();
      expect(log.events).toEqual([
        {
          id: expect.any(String),
          createdAt: expect.any(String),
          action: 'member.invited',
          actor: { id: admin.user.id, email: admin.email },
          project: { id: project.id, name: 'Audited' },
          target: { type: 'user', id: invitee.user.id, label: invitee.email },
          details: { email: invitee.email, role: 'viewer' },
          ip: '127.0.0.1',
        },
      ]);
      expect(Date.now() - Date.parse(log.events[0]!.createdAt)).toBeLessThan(60_000);
    });

    it('keeps entries of a deleted project and account, without their names', async () => {
      const owner = await signUp(t.app);
      const project = (await owner.client.post('/api/projects', { name: 'Gone' })).json<Project>();
      const invitee = await signUp(t.app);
      await owner.client.post(`/api/projects/${project.id}/members`, { email: invitee.email });
      expect((await owner.client.delete(`/api/projects/${project.id}`)).statusCode).toBe(200);
      expect((await admin.client.delete(`/api/admin/users/${invitee.user.id}`)).statusCode).toBe(
        200,
      );

      const [entry] = (await readAuditLog(admin.client, `projectId=${project.id}`)).events;
      expect(entry).toMatchObject({
        action: 'member.invited',
        actor: { id: owner.user.id, email: owner.email },
        project: { id: project.id, name: null },
        target: { type: 'user', id: invitee.user.id, label: null },
        details: { email: invitee.email, role: 'editor' },
      });
    });
  });

  describe('filters', () => {
    it('by action', async () => {
      const projectId = randomUUID();
      await insert([
        { projectId, action: 'env_var.created' },
        { projectId, action: 'env_var.deleted' },
        { projectId, action: 'env_var.created' },
      ]);
      const log = await readAuditLog(admin.client, `projectId=${projectId}&action=env_var.created`);
      expect(log.events.map((event) => event.action)).toEqual([
        'env_var.created',
        'env_var.created',
      ]);
    });

    it('by part of the actor email, in any case, or by the actor id', async () => {
      const projectId = randomUUID();
      const actorId = randomUUID();
      await insert([
        { projectId, actorId, actorEmail: 'Grace.Hopper@example.com' },
        { projectId, actorId: randomUUID(), actorEmail: 'alan@example.com' },
        { projectId, actorId: null, actorEmail: 'grace.typo@example.com' },
        { projectId, actorId: null, actorEmail: null },
      ]);
      const byEmail = await readAuditLog(admin.client, `projectId=${projectId}&actor=GRACE`);
      expect(byEmail.events.map((event) => event.actor?.email).sort()).toEqual([
        'Grace.Hopper@example.com',
        'grace.typo@example.com',
      ]);
      const byId = await readAuditLog(admin.client, `projectId=${projectId}&actor=${actorId}`);
      expect(byId.events.map((event) => event.actor)).toEqual([
        { id: actorId, email: 'Grace.Hopper@example.com' },
      ]);
      // A % is a character like any other, not a wildcard.
      const percent = await readAuditLog(admin.client, `projectId=${projectId}&actor=%25`);
      expect(percent.events).toEqual([]);
    });

    it('by project', async () => {
      const [mine, other] = [randomUUID(), randomUUID()];
      await insert([{ projectId: mine }, { projectId: other }, { projectId: mine }]);
      const log = await readAuditLog(admin.client, `projectId=${mine}`);
      expect(log.events).toHaveLength(2);
      expect(log.events.every((event) => event.project?.id === mine)).toBe(true);
    });

    it('by dates: a date is the whole UTC day, a date and time that instant', async () => {
      const projectId = randomUUID();
      const at = (iso: string) => ({
        projectId,
        createdAt: new Date(iso),
        targetType: 'repository',
        targetId: iso,
      });
      await insert([
        at('2020-01-01T23:59:59.999Z'),
        at('2020-01-02T00:00:00.000Z'),
        at('2020-01-02T12:00:00.000Z'),
        at('2020-01-02T23:59:59.999Z'),
        at('2020-01-03T00:00:00.000Z'),
      ]);
      const targets = async (query: string) =>
        (await readAuditLog(admin.client, `projectId=${projectId}&${query}`)).events.map(
          (event) => event.target?.id,
        );
      expect(await targets('from=2020-01-02&to=2020-01-02')).toEqual([
        '2020-01-02T23:59:59.999Z',
        '2020-01-02T12:00:00.000Z',
        '2020-01-02T00:00:00.000Z',
      ]);
      expect(await targets('from=2020-01-02T12:00:00Z')).toEqual([
        '2020-01-03T00:00:00.000Z',
        '2020-01-02T23:59:59.999Z',
        '2020-01-02T12:00:00.000Z',
      ]);
      expect(await targets(`to=${encodeURIComponent('2020-01-02T13:00:00+01:00')}`)).toEqual([
        '2020-01-02T12:00:00.000Z',
        '2020-01-02T00:00:00.000Z',
        '2020-01-01T23:59:59.999Z',
      ]);
    });
  });

  describe('paging', () => {
    it('walks every entry once, newest first, by cursor, entries of one instant included', async () => {
      const projectId = randomUUID();
      const sameInstant = new Date('2021-06-01T10:00:00.000Z');
      await insert([
        ...Array.from({ length: 5 }, () => ({ projectId, createdAt: sameInstant })),
        { projectId, createdAt: new Date('2021-06-01T09:00:00.000Z') },
        { projectId, createdAt: new Date('2021-06-01T11:00:00.000Z') },
      ]);
      const seen: AuditEvent[] = [];
      let query = `projectId=${projectId}&limit=3`;
      const pageSizes: number[] = [];
      for (;;) {
        const page = await readAuditLog(admin.client, query);
        pageSizes.push(page.events.length);
        seen.push(...page.events);
        if (!page.nextCursor) break;
        query = `projectId=${projectId}&limit=3&cursor=${page.nextCursor}`;
      }
      expect(pageSizes).toEqual([3, 3, 1]);
      expect(new Set(ids(seen)).size).toBe(7);
      const times = seen.map((event) => Date.parse(event.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(seen[0]!.createdAt).toBe('2021-06-01T11:00:00.000Z');
      expect(seen[6]!.createdAt).toBe('2021-06-01T09:00:00.000Z');
    });

    it('keeps the next page in place when newer entries arrive meanwhile', async () => {
      const projectId = randomUUID();
      await insert(
        Array.from({ length: 4 }, (_, index) => ({
          projectId,
          createdAt: new Date(Date.UTC(2022, 0, 1, index)),
        })),
      );
      const first = await readAuditLog(admin.client, `projectId=${projectId}&limit=2`);
      await insert([{ projectId }, { projectId }]);
      const second = await readAuditLog(
        admin.client,
        `projectId=${projectId}&limit=2&cursor=${first.nextCursor}`,
      );
      expect(second.events.map((event) => event.createdAt)).toEqual([
        '2022-01-01T01:00:00.000Z',
        '2022-01-01T00:00:00.000Z',
      ]);
      expect(second.nextCursor).toBeNull();
    });

    it(`answers ${AUDIT_PAGE_LIMIT_DEFAULT} entries when no limit is given`, async () => {
      const projectId = randomUUID();
      await insert(Array.from({ length: AUDIT_PAGE_LIMIT_DEFAULT + 2 }, () => ({ projectId })));
      const first = await readAuditLog(admin.client, `projectId=${projectId}`);
      expect(first.events).toHaveLength(AUDIT_PAGE_LIMIT_DEFAULT);
      const rest = await readAuditLog(
        admin.client,
        `projectId=${projectId}&cursor=${first.nextCursor}`,
      );
      expect(rest.events).toHaveLength(2);
      expect(rest.nextCursor).toBeNull();
    });
  });

  describe('bad filters', () => {
    const unknownCursor = Buffer.from('yesterday|someone').toString('base64url');
    it.each([
      ['action=env_var.read', 'action must be one of auth.signed_up'],
      ['projectId=not-a-project', 'projectId must be a project id'],
      ['actor=', 'actor must not be empty'],
      ['from=yesterday', 'from must be a date (2026-11-28)'],
      ['to=2026-02-30', 'to must be a date (2026-11-28)'],
      ['from=2026-11-28T09:30:00', 'from must be a date (2026-11-28)'],
      ['from=2026-11-29&to=2026-11-28', 'from must not be later than to'],
      ['limit=0', 'limit must be at least 1'],
      ['limit=101', 'limit must be at most 100'],
      ['limit=2.5', 'limit must be a whole number'],
      ['limit=many', 'limit must be a number'],
      [`cursor=${unknownCursor}`, 'cursor is not one this list gave out'],
      ['actorEmail=ada@example.com', 'actorEmail'],
      ['action=env_var.created&action=env_var.deleted', 'action must be one of'],
    ])('answers 400 VALIDATION_FAILED to %s', async (query, message) => {
      const response = await admin.client.get(`${AUDIT_URL}?${query}`);
      expect(expectError(response, 400, 'VALIDATION_FAILED')).toContain(message);
    });
  });
});
