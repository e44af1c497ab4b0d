import { chmod, chown, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { projects } from '../projects/tables';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { RootedFolder } from '../../lib/rooted-folder';
import { getEditableProject, type StorageCaps } from '../projects';
import { ProjectSync } from './project-sync';
import type { SyncReport, WorkspaceLease, Workspaces } from './types';

/** How often an open workspace is compared with the project, both ways. */
export const SYNC_INTERVAL_MS = 250;

/**
 * A pass that took long (a workspace of tens of thousands of files) waits this many times its
 * own length before the next, so the sync of one big workspace takes at most a fifth of a core.
 */
const WAIT_PER_PASS_TIME = 4;

interface OpenWorkspace {
  sync: ProjectSync;
  leases: number;
  timer: NodeJS.Timeout | null;
  listeners: Set<(report: SyncReport) => void>;
  /** The first pass (writing the project's files), which every lease waits for. */
  ready: Promise<unknown>;
}

/**
 * Project workspaces on disk under `root` (decision 0016). The first lease on a project writes
 * its files and starts a sync every SYNC_INTERVAL_MS; the last release runs a final pass and
 * stops it. Folders stay between sessions: installed packages live in them.
 */
export function createWorkspaces(options: {
  db: Database;
  /** This server's caps on a project's storage, for every write (modules/projects). */
  storageCaps: StorageCaps;
  root: string;
  owner: { uid: number; gid: number } | null;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): Workspaces {
  const { db, root, owner, log } = options;
  const intervalMs = options.intervalMs ?? SYNC_INTERVAL_MS;
  const open = new Map<string, OpenWorkspace>();
  let rootReady: Promise<string | null> | null = null;
  const prepared = () =>
    (rootReady ??= prepareRoot(root, owner).catch((error: unknown) => {
      rootReady = null;
      throw error;
    }));

  const folderOf = (projectId: string) => path.join(root, projectId);

  const tick = (projectId: string, workspace: OpenWorkspace, delayMs = intervalMs) => {
    workspace.timer = setTimeout(() => {
      const started = performance.now();
      void workspace.sync
        .pass()
        .then((report) => notify(workspace, report))
        .catch((error: unknown) => log.warn({ err: error, projectId }, 'workspace sync failed'))
        .finally(() => {
          if (open.get(projectId) !== workspace || workspace.leases === 0) return;
          const spent = performance.now() - started;
          tick(projectId, workspace, Math.max(intervalMs, spent * WAIT_PER_PASS_TIME));
        });
    }, delayMs);
    workspace.timer.unref();
  };

  const notify = (workspace: OpenWorkspace, report: SyncReport) => {
    const quiet = report.fromDisk.length === 0 && report.toDisk.length === 0;
    if (quiet && report.problems.length === 0) return;
    for (const listener of workspace.listeners) listener(report);
  };

  return {
    folderOf,
    problem: prepared,

    async acquire({ projectId, userId }) {
      // The requester must be able to change the project; the sync itself acts for the project
      // (as its owner), so it goes on when whoever opened it first loses access.
      const project = await getEditableProject({ db, userId, projectId });
      const problem = await prepared();
      if (problem) throw new AppError('SERVICE_UNAVAILABLE', problem);
      let workspace = open.get(projectId);
      if (!workspace) {
        // Registered before anything is awaited, so leases taken at once share one sync.
        const folder = folderOf(projectId);
        const sync = new ProjectSync({
          db,
          storageCaps: options.storageCaps,
          userId: project.ownerId,
          projectId,
          folder,
          owner,
        });
        const ready = (async () => {
          const created = await mkdir(folder, { mode: 0o755 }).then(
            () => true,
            (error: NodeJS.ErrnoException) => {
              if (error.code === 'EEXIST') return false;
              throw error;
            },
          );
          if (created && owner) await chown(folder, owner.uid, owner.gid);
          await sync.pass();
        })();
        const opened: OpenWorkspace = { sync, leases: 0, timer: null, listeners: new Set(), ready };
        workspace = opened;
        open.set(projectId, opened);
        ready.catch(() => {
          if (open.get(projectId) === opened) open.delete(projectId);
        });
      }
      const held = workspace;
      held.leases += 1;
      try {
        await held.ready;
      } catch (error) {
        held.leases -= 1;
        throw error;
      }
      if (!held.timer) tick(projectId, held);
      const mine = new Set<(report: SyncReport) => void>();
      let released = false;
      const lease: WorkspaceLease = {
        path: folderOf(projectId),
        flush: async () => {
          const report = await held.sync.pass();
          notify(held, report);
          return report;
        },
        onChange(listener) {
          held.listeners.add(listener);
          mine.add(listener);
          return () => {
            held.listeners.delete(listener);
            mine.delete(listener);
          };
        },
        async release() {
          if (released) return;
          released = true;
          for (const listener of mine) held.listeners.delete(listener);
          held.leases -= 1;
          if (held.leases > 0) return;
          if (held.timer) clearTimeout(held.timer);
          held.timer = null;
          // What the last command wrote still reaches the project.
          await held.sync.pass().catch((error: unknown) => {
            log.warn({ err: error, projectId }, 'workspace sync failed');
          });
          if (held.leases === 0 && open.get(projectId) === held) open.delete(projectId);
        },
      };
      return lease;
    },

    async removeOrphans() {
      const names = await readdir(root).catch(() => [] as string[]);
      const candidates = names.filter((name) => isUuid(name) && !open.has(name));
      if (candidates.length === 0) return 0;
      const existing = new Set(
        (
          await db
            .select({ id: projects.id })
            .from(projects)
            .where(inArray(projects.id, candidates))
        ).map((row) => row.id),
      );
      let removed = 0;
      for (const name of candidates) {
        // Opened since the listing: a project that exists is never removed anyway.
        if (existing.has(name) || open.has(name)) continue;
        // What the sandbox left there is removed without following any link it made.
        await RootedFolder.with(root, (workspaces) => workspaces.remove(name));
        removed += 1;
      }
      return removed;
    },

    async close() {
      for (const workspace of open.values()) {
        if (workspace.timer) clearTimeout(workspace.timer);
        workspace.timer = null;
        workspace.leases = 0;
      }
      open.clear();
    },
  };
}

/**
 * Makes the workspaces' folder, and lets the sandbox's user pass through it and the data folder
 * above it: bubblewrap resolves a workspace's path as that user. Passing (o+x) lets it list
 * nothing. Folders further up are the machine's: when one bars the way, the answer says which,
 * and how to fix it, instead of every terminal failing alike.
 */
async function prepareRoot(
  root: string,
  owner: { uid: number; gid: number } | null,
): Promise<string | null> {
  await mkdir(root, { recursive: true, mode: 0o711 });
  if (!owner) return null;
  const workspaces = path.resolve(root);
  const dataDir = path.dirname(workspaces);
  for (const folder of [workspaces, dataDir]) {
    const stats = await stat(folder);
    if ((stats.mode & 0o001) === 0) await chmod(folder, (stats.mode & 0o7777) | 0o001);
  }
  for (let above = path.dirname(dataDir); ; above = path.dirname(above)) {
    if (((await stat(above)).mode & 0o001) === 0) return unreachableMessage(owner, above, dataDir);
    if (path.dirname(above) === above) return null;
  }
}

function unreachableMessage(owner: { uid: number }, barrier: string, dataDir: string): string {
  return (
    `Terminals, package installs and Run app cannot work on this server: sandboxes run as ` +
    `user ${owner.uid}, who cannot pass through ${barrier} to reach DATA_DIR (${dataDir}). ` +
    `The administrator can set DATA_DIR to a folder outside it (such as /var/lib/kiln) or let ` +
    `others pass through it (chmod o+x ${barrier}), then restart Kiln.`
  );
}
