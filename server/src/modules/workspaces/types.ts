/** Paths one sync pass changed in the project, by direction. */
export interface SyncReport {
  /** Files the disk changed that were saved to the project (created, changed or deleted). */
  fromDisk: string[];
  /** Files the project changed that were written to, or removed from, the disk. */
  toDisk: string[];
  /** What kept the pass from saving everything, in words for the person at the terminal. */
  problems: string[];
}

/**
 * A project's workspace on disk, held open by a session (decision 0016). While any lease on a
 * project is held, its files sync both ways; the last release stops the sync.
 */
export interface WorkspaceLease {
  /** The host folder: the project's files, plus node_modules/ and .venv/ once installed. */
  readonly path: string;
  /** Runs one sync pass now, both ways (after an install, before answering a client). */
  flush(): Promise<SyncReport>;
  /** Called after each pass that saved files from the disk, with their paths. */
  onChange(listener: (report: SyncReport) => void): () => void;
  release(): Promise<void>;
}

export interface Workspaces {
  /**
   * Opens the project's workspace for its owner: writes its files from the database when the
   * folder is new or stale, then keeps both sides in sync until released. Throws the project's
   * 404 for anyone else.
   */
  acquire(options: { projectId: string; userId: string }): Promise<WorkspaceLease>;
  /**
   * What keeps sandboxes from reaching the workspaces (a DATA_DIR the sandbox's user cannot
   * pass through), in words with the fix; null when nothing does. Checked once.
   */
  problem(): Promise<string | null>;
  /** The host folder a project's workspace lives in, whether or not it exists yet. */
  folderOf(projectId: string): string;
  /**
   * Removes the folders of projects that no longer exist (deleted, or their owner's account
   * deleted): nothing else would. Answers how many went.
   */
  removeOrphans(): Promise<number>;
  /** Stops every sync (server shutdown). */
  close(): Promise<void>;
}
