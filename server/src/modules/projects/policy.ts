import { and, eq, or, sql } from 'drizzle-orm';
import type { ProjectRole } from '@kiln/shared';
import type { DbOrTx } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { projectMembers } from '../members/tables';
import { projects, type ProjectRow } from './tables';
import { forbidden, notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';

/**
 * What a call needs of the person making it: to read the project (any member), to change it
 * (the owner or an editor), or to own it (delete, invite, link Git, deploy, secrets).
 */
export type ProjectNeed = 'read' | 'write' | 'own';

const ALLOWED: Record<ProjectNeed, readonly ProjectRole[]> = {
  read: ['owner', 'editor', 'viewer'],
  write: ['owner', 'editor'],
  own: ['owner'],
};

const REFUSAL: Record<Exclude<ProjectNeed, 'read'>, string> = {
  write: 'Viewers cannot change this project. Ask its owner to make you an editor.',
  own: "Only the project's owner can do that",
};

export interface ProjectAccess {
  project: ProjectRow;
  role: ProjectRole;
}

/** Every call about a project asks it, so it is prepared once (db/prepared.ts). */
function projectAccessQuery(db: DbOrTx, name: string) {
  const userId = sql.placeholder('userId');
  return db
    .select({ project: projects, memberRole: projectMembers.role })
    .from(projects)
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)),
    )
    .where(
      and(
        eq(projects.id, sql.placeholder('projectId')),
        or(eq(projects.ownerId, userId), sql`${projectMembers.userId} is not null`),
      ),
    )
    .limit(1)
    .prepare(name);
}

/**
 * The project and the person's role in it, or null when they are neither its owner nor a member.
 * The one query every access check of a project goes through.
 */
export async function findProjectAccess(options: {
  db: DbOrTx;
  userId: string;
  projectId: string;
}): Promise<ProjectAccess | null> {
  if (!isUuid(options.projectId)) return null;
  const [row] = await preparedFor(options.db, 'kiln_project_access', projectAccessQuery).execute({
    userId: options.userId,
    projectId: options.projectId,
  });
  if (!row) return null;
  const role: ProjectRole =
    row.project.ownerId === options.userId ? 'owner' : (row.memberRole ?? 'viewer');
  return { project: row.project, role };
}

/**
 * The project, when the person may do what `need` asks. Someone outside the project is told it
 * does not exist, so the answer never reveals whether another person's project id is real; a
 * member without the right is told why (403).
 */
export async function getProjectFor(options: {
  db: DbOrTx;
  userId: string;
  projectId: string;
  need: ProjectNeed;
}): Promise<ProjectAccess> {
  const access = await findProjectAccess(options);
  if (!access) throw notFound('Project not found');
  if (!ALLOWED[options.need].includes(access.role)) {
    throw forbidden(REFUSAL[options.need === 'write' ? 'write' : 'own']);
  }
  return access;
}

type ProjectQuery = { db: DbOrTx; userId: string; projectId: string };

/** A project the person may read: its owner or any member. */
export async function getReadableProject(options: ProjectQuery): Promise<ProjectRow> {
  return (await getProjectFor({ ...options, need: 'read' })).project;
}

/** A project the person may change: its owner or an editor. */
export async function getEditableProject(options: ProjectQuery): Promise<ProjectRow> {
  return (await getProjectFor({ ...options, need: 'write' })).project;
}

/** A project the person owns: deleting, inviting, Git links, deploys and secrets. */
export async function getOwnedProject(options: ProjectQuery): Promise<ProjectRow> {
  return (await getProjectFor({ ...options, need: 'own' })).project;
}

/**
 * The ids of the projects a person may change, as a subquery, for statements that check access
 * and write in one step (a file save).
 */
export function editableProjectIds(db: DbOrTx, userId: string) {
  return db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.ownerId, userId))
    .union(
      db
        .select({ id: projectMembers.projectId })
        .from(projectMembers)
        .where(and(eq(projectMembers.userId, userId), eq(projectMembers.role, 'editor'))),
    );
}
