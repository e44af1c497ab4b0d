import type { FileChange } from '@kiln/shared';
import type { Database } from '../../../db/client';
import { aiCheckpointFiles, aiCheckpoints } from '../tables';
import { digestOf, listSubtree, readFileStates, type FileState } from '../../files';
import { isInside } from '../../../lib/project-paths';

/**
 * Remembers how each path an agent turn touches was before the turn's first write to it, and
 * saves a checkpoint of the paths the turn really changed, so the turn can be undone.
 */
export class CheckpointRecorder {
  private readonly before = new Map<string, FileState | null>();
  private readonly renames: { from: string; to: string }[] = [];

  constructor(
    private readonly db: Database,
    private readonly projectId: string,
  ) {}

  /** Call before writing `paths`; a path seen earlier in the turn keeps its first state. */
  async captureBefore(paths: readonly string[]): Promise<void> {
    const unseen = paths.filter((path) => !this.before.has(path));
    const states = await readFileStates(this.db, this.projectId, unseen);
    for (const path of unseen) this.before.set(path, states.get(path) ?? null);
  }

  /** Call before moving or deleting `path`: a folder takes everything under it along. */
  async captureSubtree(path: string): Promise<string[]> {
    const paths = await listSubtree(this.db, this.projectId, path);
    await this.captureBefore(paths.length > 0 ? paths : [path]);
    return paths;
  }

  noteRename(from: string, to: string): void {
    this.renames.push({ from, to });
  }

  /** What the turn changed, as the public API's filesModified reports it; a rename is one entry. */
  async changes(): Promise<{ changes: FileChange[]; after: Map<string, FileState> }> {
    const paths = [...this.before.keys()];
    const after = await readFileStates(this.db, this.projectId, paths);
    const changed = paths.filter(
      (path) => digestOf(this.before.get(path) ?? null) !== digestOf(after.get(path) ?? null),
    );
    const renamed = this.renames.filter(
      ({ from, to }) => changed.includes(to) && after.has(to) && !after.has(from),
    );
    const underRename = (path: string) =>
      renamed.some(
        ({ from, to }) =>
          path === from || path === to || isInside(path, from) || isInside(path, to),
      );
    const result: FileChange[] = renamed.map(({ from, to }) => ({
      path: to,
      action: 'renamed',
      from,
    }));
    for (const path of changed) {
      if (underRename(path)) continue;
      const was = this.before.get(path) ?? null;
      const now = after.get(path) ?? null;
      result.push({ path, action: !was ? 'created' : !now ? 'deleted' : 'modified' });
    }
    return { changes: result, after };
  }

  /** Saves the checkpoint when the turn changed anything; answers its id, or null. */
  async save(options: {
    userId: string;
    message: string;
  }): Promise<{ checkpointId: string | null; changes: FileChange[] }> {
    const { changes, after } = await this.changes();
    const changedPaths = [...this.before.keys()].filter(
      (path) => digestOf(this.before.get(path) ?? null) !== digestOf(after.get(path) ?? null),
    );
    if (changedPaths.length === 0) return { checkpointId: null, changes };
    const actionOf = new Map(changes.map((change) => [change.path, change]));
    const checkpointId = await this.db.transaction(async (tx) => {
      const [checkpoint] = await tx
        .insert(aiCheckpoints)
        .values({
          projectId: this.projectId,
          userId: options.userId,
          message: options.message.slice(0, 2000),
          changes,
        })
        .returning({ id: aiCheckpoints.id });
      if (!checkpoint) throw new Error('checkpoint insert returned nothing');
      await tx.insert(aiCheckpointFiles).values(
        changedPaths.map((path) => {
          const was = this.before.get(path) ?? null;
          const now = after.get(path) ?? null;
          const reported = actionOf.get(path);
          return {
            checkpointId: checkpoint.id,
            path,
            action:
              reported?.action ?? (!was ? 'created' : !now ? 'deleted' : ('modified' as const)),
            renamedFrom: reported?.from ?? null,
            beforeExists: was !== null,
            beforeIsDirectory: was?.isDirectory ?? false,
            beforeContent: was?.content ?? null,
            beforeData: was && was.content === null && !was.isDirectory ? was.data : null,
            beforeMimeType: was?.mimeType ?? null,
            afterDigest: digestOf(now),
          };
        }),
      );
      return checkpoint.id;
    });
    return { checkpointId, changes };
  }
}
