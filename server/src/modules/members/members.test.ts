import type { Project, ProjectMembers, SharedProject } from '@kiln/shared';
import { MAX_PROJECT_MEMBERS } from '@kiln/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers } from './tables';
import { users } from '../users/tables';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { mailsTo } from '../../test/outbox';

describe('project members', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Many accounts are made here; sign-up's limit per address is tested in auth.
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => t.close());

  async function ownerWithProject(name = 'Shared thing') {
    const owner = await signUp(t.app, { name: 'Olive Owner' });
    const project = (await owner.client.post('/api/projects', { name })).json<Project>();
    const invite = (email: unknown, role?: unknown) =>
      owner.client.post(`/api/projects/${project.id}/members`, { email, role });
    const members = async () =>
      (await owner.client.get(`/api/projects/${project.id}/members`)).json<ProjectMembers>();
    return { ...owner, project, invite, members };
  }

  it('adds an account by email as an editor, lists it after the owner, mails it, and shares the project', async () => {
    const p = await ownerWithProject('Garden planner');
    const ed = await signUp(t.app, { name: 'Eddie Editor' });
    const added = await p.invite(`  ${ed.email.toUpperCase()} `);
    expect(added.statusCode, added.body).toBe(201);
    const list = added.json<ProjectMembers>();
    expect(list.yourRole).toBe('owner');
    expect(list.members).toEqual([
      { userId: p.user.id, name: 'Olive Owner', email: p.email, role: 'owner', addedAt: null },
      {
        userId: ed.user.id,
        name: 'Eddie Editor',
        email: ed.email,
        role: 'editor',
        addedAt: expect.any(String),
      },
    ]);

    const mail = (await mailsTo(t, ed.email)).find((sent) => sent.subject.includes('shared'));
    expect(mail?.subject).toBe('Olive Owner shared "Garden planner" with you on Kiln');
    expect(mail?.text).toContain('as an editor');
    expect(mail?.link).toBe(`http://kiln.test/editor/${p.project.id}`);

    // The member sees it as shared, never among their own projects.
    const shared = await ed.client.get('/api/projects/shared');
    expect(shared.statusCode).toBe(200);
    expect(shared.json<SharedProject[]>()).toEqual([
      expect.objectContaining({
        id: p.project.id,
        name: 'Garden planner',
        role: 'editor',
        ownerName: 'Olive Owner',
      }),
    ]);
    expect((await ed.client.get('/api/projects')).json()).toEqual([]);
    expect((await p.client.get('/api/projects/shared')).json()).toEqual([]);
    const opened = await ed.client.get(`/api/projects/${p.project.id}`);
    expect(opened.statusCode).toBe(200);
    const theirView = await ed.client.get(`/api/projects/${p.project.id}/members`);
    expect(theirView.json<ProjectMembers>().yourRole).toBe('editor');
  });

  it('refuses an unknown email, the owner, a member twice and bad input, changing nothing', async () => {
    const p = await ownerWithProject();
    const viewer = await signUp(t.app);
    expect((await p.invite(viewer.email, 'viewer')).statusCode).toBe(201);

    expect(expectError(await p.invite('nobody-here@example.com'), 404, 'NOT_FOUND')).toBe(
      'No Kiln account uses nobody-here@example.com. Ask them to sign up first, then invite them again.',
    );
    expect(expectError(await p.invite(p.email), 400, 'VALIDATION_FAILED')).toBe(
      'You own this project already',
    );
    expect(expectError(await p.invite(viewer.email, 'editor'), 409, 'CONFLICT')).toBe(
      `${viewer.email} is already a member of this project`,
    );
    expectError(await p.invite('not an email'), 400, 'VALIDATION_FAILED');
    expectError(await p.invite(viewer.email, 'owner'), 400, 'VALIDATION_FAILED');
    expectError(await p.invite(undefined), 400, 'VALIDATION_FAILED');

    const after = await p.members();
    expect(after.members.map((m) => [m.email, m.role])).toEqual([
      [p.email, 'owner'],
      [viewer.email, 'viewer'],
    ]);
    expect(await mailsTo(t, 'nobody-here@example.com')).toEqual([]);
  });

  it(`holds a project to ${MAX_PROJECT_MEMBERS} members`, async () => {
    const p = await ownerWithProject();
    // Accounts straight in the database: signing up 51 people would only test sign-up.
    const people = await t.database.db
      .insert(users)
      .values(
        Array.from({ length: MAX_PROJECT_MEMBERS + 1 }, (_, index) => ({
          email: `crowd-${index}-${p.project.id}@example.com`,
          passwordHash: 'not-a-password',
        })),
      )
      .returning();
    await t.database.db.insert(projectMembers).values(
      people.slice(0, MAX_PROJECT_MEMBERS).map((person) => ({
        projectId: p.project.id,
        userId: person.id,
        role: 'viewer' as const,
      })),
    );
    expect(expectError(await p.invite(people.at(-1)!.email), 400, 'VALIDATION_FAILED')).toBe(
      `A project can have up to ${MAX_PROJECT_MEMBERS} members. Remove someone to make room.`,
    );
  });

  it('lets only the owner invite, change roles and remove others; a member may leave', async () => {
    const p = await ownerWithProject();
    const ed = await signUp(t.app);
    const viewer = await signUp(t.app);
    const outsider = await signUp(t.app);
    await p.invite(ed.email, 'editor');
    await p.invite(viewer.email, 'viewer');
    const base = `/api/projects/${p.project.id}/members`;

    for (const member of [ed, viewer]) {
      expect(
        expectError(await member.client.post(base, { email: outsider.email }), 403, 'FORBIDDEN'),
      ).toBe("Only the project's owner can do that");
      expectError(
        await member.client.patch(`${base}/${viewer.user.id}`, { role: 'editor' }),
        403,
        'FORBIDDEN',
      );
    }
    expect(expectError(await viewer.client.delete(`${base}/${ed.user.id}`), 403, 'FORBIDDEN')).toBe(
      "Only the project's owner can remove someone else",
    );

    // The owner makes the viewer an editor, then removes them.
    const changed = await p.client.patch(`${base}/${viewer.user.id}`, { role: 'editor' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(
      changed.json<ProjectMembers>().members.find((m) => m.userId === viewer.user.id)?.role,
    ).toBe('editor');
    expectError(
      await p.client.patch(`${base}/${viewer.user.id}`, { role: 'admin' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await p.client.patch(`${base}/${outsider.user.id}`, { role: 'viewer' }),
      404,
      'NOT_FOUND',
    );
    expectError(await p.client.patch(`${base}/not-a-user`, { role: 'viewer' }), 404, 'NOT_FOUND');
    const removed = await p.client.delete(`${base}/${viewer.user.id}`);
    expect(removed.json()).toEqual({ message: 'Member removed' });
    expectError(await viewer.client.get(`/api/projects/${p.project.id}`), 404, 'NOT_FOUND');
    expect((await viewer.client.get('/api/projects/shared')).json()).toEqual([]);

    // The editor leaves on their own.
    const left = await ed.client.delete(`${base}/${ed.user.id}`);
    expect(left.json()).toEqual({ message: 'You left the project' });
    expectError(await ed.client.get(base), 404, 'NOT_FOUND');
    expect((await p.members()).members.map((m) => m.role)).toEqual(['owner']);
  });

  it('answers 401 signed out and 404 to someone outside the project on every members call', async () => {
    const p = await ownerWithProject();
    const member = await signUp(t.app);
    await p.invite(member.email);
    const outsider = await signUp(t.app);
    const base = `/api/projects/${p.project.id}/members`;
    const signedOut = new TestClient(t.app);
    const calls = (client: TestClient) => [
      client.get(base),
      client.post(base, { email: outsider.email }),
      client.patch(`${base}/${member.user.id}`, { role: 'viewer' }),
      client.delete(`${base}/${member.user.id}`),
    ];
    for (const response of await Promise.all(calls(signedOut))) {
      expectError(response, 401, 'UNAUTHENTICATED');
    }
    expectError(await signedOut.get('/api/projects/shared'), 401, 'UNAUTHENTICATED');
    for (const response of await Promise.all(calls(outsider.client))) {
      expect(expectError(response, 404, 'NOT_FOUND')).toBe('Project not found');
    }
    expectError(await outsider.client.get('/api/projects/not-a-project/members'), 404, 'NOT_FOUND');
    // Nothing changed.
    expect((await p.members()).members.map((m) => [m.userId, m.role])).toEqual([
      [p.user.id, 'owner'],
      [member.user.id, 'editor'],
    ]);
  });

  it('lets a member not delete the project, and goes with it', async () => {
    const p = await ownerWithProject();
    const member = await signUp(t.app);
    await p.invite(member.email);
    expectError(await member.client.delete(`/api/projects/${p.project.id}`), 403, 'FORBIDDEN');
    expect((await p.client.delete(`/api/projects/${p.project.id}`)).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(projectMembers)
      .where(eq(projectMembers.projectId, p.project.id));
    expect(rows).toEqual([]);
    expect((await member.client.get('/api/projects/shared')).json()).toEqual([]);
  });
});
