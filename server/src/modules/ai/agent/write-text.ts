import type { FileChange } from '@kiln/shared';
import type { Database } from '../../../db/client';
import { createFile, getFileByPath, saveFileContent } from '../../files';
import type { CheckpointRecorder } from './checkpoint-recorder';
import type { StorageCaps } from '../../projects';

/**
 * Creates a text file or replaces its content, as the agent does: through the file service,
 * with the path's earlier state kept for the checkpoint. Answers what happened in words for
 * the model, or why nothing did.
 */
export async function writeProjectText(options: {
  db: Database;
  storageCaps: StorageCaps;
  userId: string;
  projectId: string;
  recorder: CheckpointRecorder;
  path: string;
  content: string;
  onFileChanged(change: FileChange): void;
}): Promise<string> {
  const { db, userId, projectId, recorder, path, content } = options;
  const existing = await getFileByPath({ db, projectId, path });
  if (existing?.isDirectory) return `Error: ${path} is a folder`;
  if (existing && existing.content === null) {
    return `Error: ${path} is a binary file; it cannot be written as text`;
  }
  await recorder.captureBefore([path]);
  const lines = content.split('\n').length;
  if (existing) {
    await saveFileContent({
      storageCaps: options.storageCaps,
      db,
      userId,
      fileId: existing.id,
      content,
    });
    options.onFileChanged({ path, action: 'modified' });
    return `Wrote ${path} (${lines} lines).`;
  }
  await createFile({
    storageCaps: options.storageCaps,
    db,
    userId,
    input: { projectId, path, content, isDirectory: false },
  });
  options.onFileChanged({ path, action: 'created' });
  return `Created ${path} (${lines} lines).`;
}
