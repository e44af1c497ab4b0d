import type { DbOrTx } from '../../db/client';
import { findProjectAccess } from '../projects';

/**
 * Whether `userId` may join `projectId`'s live collaboration: its owner and every member,
 * viewers included (they see who is there and what changes). A project that does not exist and
 * one the person is not in answer the same.
 */
export async function canJoinProject(
  db: DbOrTx,
  userId: string,
  projectId: string,
): Promise<boolean> {
  return (await findProjectAccess({ db, userId, projectId })) !== null;
}
