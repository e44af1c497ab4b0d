import type { Checkpoint, RestoreCheckpointResponse } from '@kiln/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { fromHex, selectBytea } from '../../db/bytea';
import type { Database } from '../../db/client';
import { aiCheckpointFiles, aiCheckpoints } from './tables';
import { AppError, notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { applyFileStates, digestOf, readFileStates, type FileState } from '../files';
import { getEditableProject, getReadableProject } from '../projects';
import type { StorageCaps } from '../projects';

const checkpointNotFound = () => notFound('Checkpoint not found');

type CheckpointRow = typeof aiCheckpoints.$inferSelect;

function present(row: CheckpointRow): Checkpoint {
  return {
    id: row.id,
    projectId: row.projectId,
    message: row.message,
    files: row.changes,
    createdAt: row.createdAt.toISOString(),
    restoredAt: row.restoredAt?.toISOString() ?? null,
  };
}

/** The project's checkpoints made by this user's agent turns, newest first. */
export async function listCheckpoints(options: {
  db: Database;
  userId: string;
  projectId: string;
}): Promise<Checkpoint[]> {
  const { db, userId, projectId } = options;
  await getReadableProject(options);
  const rows = await db
    .select()
    .from(aiCheckpoints)
    .where(and(eq(aiCheckpoints.projectId, projectId), eq(aiCheckpoints.userId, userId)))
    .orderBy(desc(aiCheckpoints.createdAt))
    .limit(200);
  return rows.map(present);
}

/**
 * Puts back the files an agent turn changed as they were before it. A file changed since (by
 * hand or by a later turn) is not overwritten unless `force` is set: the answer is 409 naming it.
 */
export async function restoreCheckpoint(options: {
  db: Database;
  storageCaps: StorageCaps;
  userId: string;
  checkpointId: string;
  force: boolean;
}): Promise<RestoreCheckpointResponse> {
  const { db, userId, checkpointId, force } = options;
  if (!isUuid(checkpointId)) throw checkpointNotFound();
  const [checkpoint] = await db
    .select()
    .from(aiCheckpoints)
    .where(and(eq(aiCheckpoints.id, checkpointId), eq(aiCheckpoints.userId, userId)))
    .limit(1);
  if (!checkpoint) throw checkpointNotFound();
  // Undoing writes files: the person must still be able to change the project.
  await getEditableProject({ db, userId, projectId: checkpoint.projectId });
  if (checkpoint.restoredAt) {
    throw new AppError('CONFLICT', 'This turn has already been undone.');
  }

  const saved = await db
    .select({
      path: aiCheckpointFiles.path,
      beforeExists: aiCheckpointFiles.beforeExists,
      beforeIsDirectory: aiCheckpointFiles.beforeIsDirectory,
      beforeContent: aiCheckpointFiles.beforeContent,
      beforeData: selectBytea(aiCheckpointFiles.beforeData),
      beforeMimeType: aiCheckpointFiles.beforeMimeType,
      afterDigest: aiCheckpointFiles.afterDigest,
    })
    .from(aiCheckpointFiles)
    .where(eq(aiCheckpointFiles.checkpointId, checkpoint.id));
  const current = await readFileStates(
    db,
    checkpoint.projectId,
    saved.map((file) => file.path),
  );
  const changedSince = saved
    .filter((file) => digestOf(current.get(file.path) ?? null) !== file.afterDigest)
    .map((file) => file.path)
    .sort();
  if (changedSince.length > 0 && !force) {
    throw new AppError(
      'CONFLICT',
      `${changedSince.length === 1 ? 'This file has' : 'These files have'} changed since that turn: ${changedSince.join(', ')}. Undo anyway to overwrite ${changedSince.length === 1 ? 'it' : 'them'} with the version from before the turn.`,
    );
  }

  const states = new Map<string, FileState | null>(
    saved.map((file) => [
      file.path,
      file.beforeExists
        ? {
            isDirectory: file.beforeIsDirectory,
            content: file.beforeContent,
            data: fromHex(file.beforeData),
            mimeType: file.beforeMimeType,
          }
        : null,
    ]),
  );
  await applyFileStates({
    storageCaps: options.storageCaps,
    db,
    userId,
    projectId: checkpoint.projectId,
    states,
  });
  const [restored] = await db
    .update(aiCheckpoints)
    .set({ restoredAt: new Date() })
    .where(and(eq(aiCheckpoints.id, checkpoint.id), isNull(aiCheckpoints.restoredAt)))
    .returning();
  return {
    checkpoint: present(restored ?? checkpoint),
    restored: saved.map((file) => ({
      path: file.path,
      action: !file.beforeExists ? 'deleted' : file.afterDigest === null ? 'created' : 'modified',
    })),
  };
}
