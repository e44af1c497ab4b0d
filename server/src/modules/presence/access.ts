import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projects } from '../../db/schema';
import { isUuid } from '../../lib/ids';

/**
 * Whether `userId` may join `projectId`'s live collaboration. The one place that decides it:
 * today only the project's owner; project members join here when they exist. A project that
 * does not exist and one that is someone else's answer the same.
 */
export async function canJoinProject(
  db: DbOrTx,
  userId: string,
  projectId: string,
): Promise<boolean> {
  if (!isUuid(projectId)) return false;
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.ownerId, userId)))
    .limit(1);
  return row !== undefined;
}
