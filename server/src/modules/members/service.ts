import { and, asc, eq, sql } from 'drizzle-orm';
import type { InviteMemberInput, MemberRole, ProjectMembers, SharedProject } from '@kiln/shared';
import { MAX_PROJECT_MEMBERS } from '@kiln/shared';
import { queryRows, type Database, type DbOrTx } from '../../db/client';
import { projectMembers } from './tables';
import { projects } from '../projects/tables';
import { users, type UserRow } from '../users/tables';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { getOwnedProject, getProjectFor, presentedProjectColumns } from '../projects';
import type { AccessChanges } from './access-changes';

interface ProjectOptions {
  db: Database;
  userId: string;
  projectId: string;
}

/** The name a person is shown by: their name, else their username, else their email's local part. */
function displayName(user: Pick<UserRow, 'name' | 'username' | 'email'>): string {
  return user.name?.trim() || user.username?.trim() || user.email.split('@')[0] || user.email;
}

const memberNotFound = () => notFound('Member not found');

/** Everyone in the project, the owner first then members by when they joined; any member may ask. */
export async function listMembers(options: ProjectOptions): Promise<ProjectMembers> {
  const { db, projectId } = options;
  const { project, role } = await getProjectFor({ ...options, need: 'read' });
  const [owner] = await db.select().from(users).where(eq(users.id, project.ownerId)).limit(1);
  if (!owner) throw notFound('Project not found');
  const rows = await db
    .select({ user: users, role: projectMembers.role, addedAt: projectMembers.createdAt })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(asc(projectMembers.createdAt), asc(users.email));
  return {
    yourRole: role,
    members: [
      {
        userId: owner.id,
        name: displayName(owner),
        email: owner.email,
        role: 'owner',
        addedAt: null,
      },
      ...rows.map((row) => ({
        userId: row.user.id,
        name: displayName(row.user),
        email: row.user.email,
        role: row.role,
        addedAt: row.addedAt.toISOString(),
      })),
    ],
  };
}

/**
 * Adds the account with this email to the project. Only the owner invites; the account must
 * exist (Kiln has no pending invitations), and someone already in the project is refused.
 */
export async function addMember(
  options: ProjectOptions & { input: Required<InviteMemberInput> },
): Promise<{ userId: string; role: MemberRole }> {
  const { db, userId, projectId, input } = options;
  const project = await getOwnedProject(options);
  const [invitee] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`)
    .limit(1);
  if (!invitee) {
    throw notFound(
      `No Kiln account uses ${input.email}. Ask them to sign up first, then invite them again.`,
    );
  }
  if (invitee.id === project.ownerId) {
    throw new AppError('VALIDATION_FAILED', 'You own this project already');
  }
  return db.transaction(async (tx) => {
    // One invitation at a time per project, so two at once cannot both pass the cap.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`members:${projectId}`}))`);
    const existing = await tx
      .select({ userId: projectMembers.userId })
      .from(projectMembers)
      .where(eq(projectMembers.projectId, projectId));
    if (existing.some((row) => row.userId === invitee.id)) {
      throw new AppError('CONFLICT', `${input.email} is already a member of this project`);
    }
    if (existing.length >= MAX_PROJECT_MEMBERS) {
      throw new AppError(
        'VALIDATION_FAILED',
        `A project can have up to ${MAX_PROJECT_MEMBERS} members. Remove someone to make room.`,
      );
    }
    await tx
      .insert(projectMembers)
      .values({ projectId, userId: invitee.id, role: input.role, invitedBy: userId });
    return { userId: invitee.id, role: input.role };
  });
}

/**
 * Revokes every preview link made so far (they carry the generation they were made under): a
 * person who lost access must not keep serving the project's files with a link they copied.
 */
async function bumpAccessGeneration(tx: DbOrTx, projectId: string): Promise<void> {
  await tx
    .update(projects)
    .set({ accessGeneration: sql`${projects.accessGeneration} + 1` })
    .where(eq(projects.id, projectId));
}

/**
 * Changes a member's role; only the owner may. A member made a viewer loses their terminals,
 * running apps and agents, and every preview link is revoked. Answers whether the role changed:
 * asking for the role the member already has changes nothing and announces nothing.
 */
export async function updateMemberRole(
  options: ProjectOptions & { memberId: string; role: MemberRole; accessChanges: AccessChanges },
): Promise<{ changed: boolean }> {
  const { db, projectId, memberId, role } = options;
  await getOwnedProject(options);
  if (!isUuid(memberId)) throw memberNotFound();
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ role: projectMembers.role })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, memberId)))
      .for('update');
    if (!before) throw memberNotFound();
    if (before.role === role) return false;
    await tx
      .update(projectMembers)
      .set({ role })
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, memberId)));
    if (role === 'viewer') await bumpAccessGeneration(tx, projectId);
    return true;
  });
  if (changed) options.accessChanges.publish({ projectId, userId: memberId, role });
  return { changed };
}

/**
 * Removes a member: the owner removes anyone, a member may leave on their own. Their terminals,
 * running apps and agents end, and every preview link is revoked.
 */
export async function removeMember(
  options: ProjectOptions & { memberId: string; accessChanges: AccessChanges },
): Promise<void> {
  const { db, userId, projectId, memberId } = options;
  const { role } = await getProjectFor({ ...options, need: 'read' });
  if (role !== 'owner' && memberId !== userId) {
    throw forbidden("Only the project's owner can remove someone else");
  }
  if (!isUuid(memberId)) throw memberNotFound();
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, memberId)))
      .returning({ userId: projectMembers.userId });
    if (removed.length === 0) throw memberNotFound();
    await bumpAccessGeneration(tx, projectId);
  });
  options.accessChanges.publish({ projectId, userId: memberId, role: null });
}

/**
 * Projects someone else owns that the person is a member of, most recently updated first, each
 * presented as the project list presents it with the person's role and the owner's name.
 */
export async function listSharedProjects(options: {
  db: Database;
  userId: string;
}): Promise<SharedProject[]> {
  return queryRows<SharedProject>(
    options.db,
    sql`select ${presentedProjectColumns},
        ${projectMembers.role} as "role",
        coalesce(nullif(trim(${users.name}), ''), nullif(trim(${users.username}), ''),
          split_part(${users.email}, '@', 1)) as "ownerName"
      from ${projectMembers}
      join ${projects} on ${projects.id} = ${projectMembers.projectId}
      join ${users} on ${users.id} = ${projects.ownerId}
      where ${projectMembers.userId} = ${options.userId}
      order by ${projects.updatedAt} desc`,
  );
}
