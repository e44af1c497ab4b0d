import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { compiledPostgres, compileShipped, PGLITE_PATHS } from '../../db/pglite-shipped';
import { isUuid } from '../../lib/ids';
import { PgliteSession, type PgliteWorkerOptions } from './pglite-session';
import type { ProjectDatabaseBackend } from './session';

const TEMPLATE_FOLDER = '.template';

/**
 * PostgreSQL's own defaults size shared buffers for a server (128 MB); a project's database is
 * small, and 16 MB brings an open one from about 190 MB to about 70 MB of memory. No library is
 * preloaded whatever `ALTER SYSTEM` wrote: the command line outranks the configuration files,
 * and a library the guard refuses (library-guard.ts) would stop the database from starting.
 */
const START_PARAMS = [
  '-c',
  'shared_buffers=16MB',
  '-c',
  'shared_preload_libraries=',
  '-c',
  'session_preload_libraries=',
  '-c',
  'local_preload_libraries=',
];
/** 1 MB WAL segments instead of 16 MB: an empty project database takes 30 MB of disk, not 39. */
const INITDB_PARAMS = ['--wal-segsize=1'];
/** Opening runs recovery after a stopped query; on a busy machine that can take seconds. */
const OPEN_TIMEOUT_MS = 60_000;

/**
 * Each project's database is a PGlite data folder, `root/<projectId>`, opened in a worker thread
 * (pglite-session.ts). A new project's folder is a copy of a template made by initdb once, so
 * creating a database takes a copy (tens of milliseconds) instead of an initdb (seconds, and
 * 600 MB of memory while it runs).
 */
export function createPgliteBackend(options: {
  root: string;
  log: FastifyBaseLogger;
}): ProjectDatabaseBackend {
  const { root, log } = options;
  let template: Promise<string> | undefined;

  const folderOf = (projectId: string) => {
    // Project ids are UUIDs; anything else must never become a path.
    if (!isUuid(projectId)) throw new Error(`not a project id: ${projectId}`);
    return path.join(root, projectId);
  };

  const workerOptions = async (): Promise<PgliteWorkerOptions> => ({
    pglitePath: PGLITE_PATHS.pglite,
    nodefsPath: PGLITE_PATHS.nodefs,
    wasmModule: await compiledPostgres(),
    startParams: START_PARAMS,
    initDbStartParams: INITDB_PARAMS,
    openTimeoutMs: OPEN_TIMEOUT_MS,
    log,
  });

  /** The template folder; made once, under a temporary name renamed into place when complete. */
  const ensureTemplate = (): Promise<string> => {
    template ??= (async () => {
      const folder = path.join(root, TEMPLATE_FOLDER);
      if (await exists(folder)) return folder;
      await fs.mkdir(root, { recursive: true, mode: 0o700 });
      const building = `${folder}.${randomBytes(4).toString('hex')}.tmp`;
      const started = performance.now();
      try {
        // The workers compile no module of their own (library-guard.ts): initdb comes compiled.
        const session = await PgliteSession.open(building, {
          ...(await workerOptions()),
          initdbWasmModule: await compileShipped('initdb.wasm'),
        });
        await session.close();
        await fs.rename(building, folder).catch(async (error: NodeJS.ErrnoException) => {
          // Another server process made it first: theirs is as good.
          if (!(await exists(folder))) throw error;
        });
      } finally {
        await fs.rm(building, { recursive: true, force: true });
      }
      log.info(
        { ms: Math.round(performance.now() - started) },
        'project database template created',
      );
      return folder;
    })();
    template.catch(() => (template = undefined));
    return template;
  };

  return {
    kind: 'pglite',
    location: (projectId) => `DATA_DIR/project-databases/${projectId}`,
    exists: (projectId) => exists(folderOf(projectId)),
    prepare() {
      ensureTemplate().catch((error: unknown) =>
        log.warn({ err: error }, 'the project database template could not be created'),
      );
    },
    async open(projectId) {
      const folder = folderOf(projectId);
      if (!(await exists(folder))) {
        const source = await ensureTemplate();
        const copying = `${folder}.${randomBytes(4).toString('hex')}.tmp`;
        try {
          await fs.cp(source, copying, { recursive: true });
          await fs.rename(copying, folder).catch(async (error: NodeJS.ErrnoException) => {
            if (!(await exists(folder))) throw error;
          });
        } finally {
          await fs.rm(copying, { recursive: true, force: true });
        }
      }
      return PgliteSession.open(folder, await workerOptions());
    },
    async list() {
      const names = await fs.readdir(options.root).catch(() => [] as string[]);
      return names.filter(isUuid);
    },
    async remove(projectId) {
      await fs.rm(folderOf(projectId), { recursive: true, force: true });
    },
    async close() {
      // The sessions are closed by their pool; a template being made is let finish.
      await template?.catch(() => undefined);
    },
  };
}

async function exists(folder: string): Promise<boolean> {
  try {
    await fs.access(folder);
    return true;
  } catch {
    return false;
  }
}
