import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { SQL_LIMITS, type DatabaseBackend, type DatabaseTable } from '@kiln/shared';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { projects } from '../projects/tables';
import type { Env } from '../../env';
import { deriveKey, loadSecretKey } from '../../lib/secret-key';
import type { OpenBridge } from '../../sandbox/types';
import { openDatabaseBridge } from './database-bridge';
import { PgliteBridgeConnection } from './pglite-bridge-connection';
import { createPgliteBackend } from './pglite-backend';
import { createPostgresBackend } from './postgres-backend';
import { servePostgresClient } from './postgres-bridge-connection';
import type { SqlExecution } from './result-collector';
import { SCHEMA_LIMITS, SCHEMA_QUERY, tablesFrom } from './schema-query';
import { SessionPool } from './session-pool';
import type { DatabaseSession, ProjectDatabaseBackend, RunLimits } from './session';

/** A project database unused for this long is closed (a PGlite one frees its memory). */
const PROJECT_DATABASE_IDLE_MS = 60_000;
/** Embedded databases open at once: about 70 MB each. */
const MAX_OPEN_PGLITE = 8;
/** Connections to the PostgreSQL server open at once, one per project. */
const MAX_OPEN_POSTGRES = 32;
/** Queries that may wait behind a running one on the same project. */
const MAX_WAITING_PER_PROJECT = 4;

const QUERY_LIMITS: RunLimits = {
  timeoutMs: SQL_LIMITS.timeoutMs,
  maxRows: SQL_LIMITS.maxRows,
  maxResultBytes: SQL_LIMITS.maxResultBytes,
  maxNotices: SQL_LIMITS.maxNotices,
};

/** Each project's own database, never the application's (docs/decisions/0017-project-databases.md). */
export interface ProjectDatabases {
  readonly backend: DatabaseBackend;
  location(projectId: string): string;
  /** Runs a query on the project's database, creating it on first use. */
  execute(
    projectId: string,
    query: string,
  ): Promise<{ execution: SqlExecution; durationMs: number }>;
  /** The project's tables and columns; a database not created yet is not created for this. */
  describe(
    projectId: string,
  ): Promise<{ created: boolean; tables: DatabaseTable[]; truncated: boolean }>;
  /**
   * The project's database for one run or session's programs, as DATABASE_URL on 127.0.0.1:5432
   * (database-bridge.ts). Nothing is opened or created until a program connects.
   */
  openBridge(projectId: string): Promise<OpenBridge>;
  /** Deletes the project's database, for when the project is deleted. */
  remove(projectId: string): Promise<void>;
  /** Deletes the databases of projects that no longer exist; answers how many. */
  removeOrphans(db: Database): Promise<number>;
  readonly openCount: number;
  close(): Promise<void>;
}

export interface ProjectDatabasesOptions {
  idleMs?: number;
  maxOpen?: number;
}

/**
 * PGlite folders in `DATA_DIR/project-databases` by default, or databases on the server at
 * PROJECTS_DATABASE_URL; either way opened on demand and closed when idle by a session pool.
 */
export async function createProjectDatabases(options: {
  env: Pick<Env, 'DATA_DIR' | 'SECRET_KEY' | 'PROJECTS_DATABASE_URL'>;
  log: FastifyBaseLogger;
  pool?: ProjectDatabasesOptions;
}): Promise<ProjectDatabases> {
  const { env, log } = options;
  const backend: ProjectDatabaseBackend = env.PROJECTS_DATABASE_URL
    ? createPostgresBackend({
        serverUrl: env.PROJECTS_DATABASE_URL,
        passwordKey: deriveKey(
          await loadSecretKey({ secretKey: env.SECRET_KEY, dataDir: env.DATA_DIR }),
          'project-databases',
        ),
        log,
      })
    : createPgliteBackend({ root: path.join(env.DATA_DIR, 'project-databases'), log });
  return projectDatabasesOn(backend, log, {
    idleMs: options.pool?.idleMs ?? PROJECT_DATABASE_IDLE_MS,
    maxOpen:
      options.pool?.maxOpen ?? (backend.kind === 'pglite' ? MAX_OPEN_PGLITE : MAX_OPEN_POSTGRES),
  });
}

function projectDatabasesOn(
  backend: ProjectDatabaseBackend,
  log: FastifyBaseLogger,
  options: Required<ProjectDatabasesOptions>,
): ProjectDatabases {
  const pool = new SessionPool<DatabaseSession>((projectId) => backend.open(projectId), {
    ...options,
    maxWaitingPerKey: MAX_WAITING_PER_PROJECT,
  });
  return {
    backend: backend.kind,
    location: (projectId) => backend.location(projectId),
    execute: (projectId, query) =>
      pool.use(projectId, async (session) => {
        const started = performance.now();
        const execution = await session.run(query, QUERY_LIMITS);
        return { execution, durationMs: performance.now() - started };
      }),
    async describe(projectId) {
      if (!(await backend.exists(projectId))) {
        // Someone looking at the tables may run a query next: the first database of a server
        // needs PGlite's template, made now rather than while that query waits for it.
        backend.prepare();
        return { created: false, tables: [], truncated: false };
      }
      const execution = await pool.use(projectId, (session) =>
        session.run(SCHEMA_QUERY, { ...SCHEMA_LIMITS, timeoutMs: SQL_LIMITS.timeoutMs }),
      );
      return { created: true, tables: tablesFrom(execution), truncated: execution.truncated };
    },
    openBridge(projectId) {
      const target = backend.bridgeTarget?.(projectId);
      if (target) {
        return openDatabaseBridge({
          projectId,
          credentials: target.credentials,
          serve: (client) => servePostgresClient(client, target, log),
        });
      }
      // Nothing is prepared here, not even PGlite's template (seconds of CPU, 600 MB): most runs
      // never connect.
      // PGlite has one user; the bridge checks a password of its own, new for every bridge.
      const credentials = {
        user: 'postgres',
        database: 'postgres',
        password: randomBytes(18).toString('base64url'),
      };
      return openDatabaseBridge({
        projectId,
        credentials,
        serve: (client) =>
          new PgliteBridgeConnection(client, {
            use: (task) => pool.use(projectId, task, { bounded: false }),
            hold: () => pool.hold(projectId),
            credentials,
            log,
          }),
      });
    },
    async remove(projectId) {
      await pool.evict(projectId);
      await backend.remove(projectId);
    },
    async removeOrphans(db) {
      const candidates = await backend.list();
      if (candidates.length === 0) return 0;
      const existing = new Set(
        (
          await db
            .select({ id: projects.id })
            .from(projects)
            .where(inArray(projects.id, candidates))
        ).map((row) => row.id),
      );
      const orphans = candidates.filter((id) => !existing.has(id));
      for (const projectId of orphans) await this.remove(projectId);
      return orphans.length;
    },
    get openCount() {
      return pool.openCount;
    },
    async close() {
      await pool.close();
      await backend.close();
    },
  };
}
