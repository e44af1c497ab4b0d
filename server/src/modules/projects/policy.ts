import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projects, type ProjectRow } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';

/**
 * Only the owner reaches a project; anyone else is told it does not exist, so
 * the answer never reveals whether someone else's project id is real.
 */
export async function getOwnedProject(options: {
  db: DbOrTx;
  userId: string;
  projectId: string;
}): Promise<ProjectRow> {
  if (!isUuid(options.projectId)) throw notFound('Project not found');
  const [row] = await options.db
    .select()
    .from(projects)
    .where(and(eq(projects.id, options.projectId), eq(projects.ownerId, options.userId)))
    .limit(1);
  if (!row) throw notFound('Project not found');
  return row;
}
