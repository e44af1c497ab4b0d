import type { ProjectRole } from '@kiln/shared';
import type { DbOrTx } from '../../db/client';
import { findProjectAccess } from '../projects';

/**
 * The person's role in the project for its live collaboration: its owner and every member,
 * viewers included, may join (they see who is there and what changes); null for anyone else.
 * A project that does not exist and one the person is not in answer the same.
 */
export async function presenceRoleOf(
  db: DbOrTx,
  userId: string,
  projectId: string,
): Promise<ProjectRole | null> {
  return (await findProjectAccess({ db, userId, projectId }))?.role ?? null;
}

/** Whether `userId` may join `projectId`'s live collaboration. */
export async function canJoinProject(
  db: DbOrTx,
  userId: string,
  projectId: string,
): Promise<boolean> {
  return (await presenceRoleOf(db, userId, projectId)) !== null;
}
