import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type DbOrTx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Where to report an idle connection the server ended; the pool replaces it on next use. */
  onIdleError(listener: (error: Error) => void): void;
}

/** The rows of a raw query; node-postgres and PGlite both answer `{ rows }`. */
export async function queryRows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir: string | undefined;
      /** A dump (`dumpDataDir`) to start from instead of an empty cluster: the tests' copies. */
      copyOf?: Blob;
    }
  | { kind: 'postgres'; url: string };

/**
 * Migrations ship beside the server (server/drizzle) and are applied at start-up on both
 * engines, so one set of SQL serves the embedded and the PostgreSQL deployments.
 * From source this file is server/src/db; bundled, it is server/dist.
 */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error('Database migrations folder (server/drizzle) was not found');
  return found;
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const folder = migrationsFolder();

  if (target.kind === 'pglite') {
    if (target.dataDir) {
      // Every account's data is in here: Kiln's alone, whatever the umask (DATA_DIR above it
      // lets the sandbox's user pass, for workspaces).
      await fs.mkdir(target.dataDir, { recursive: true, mode: 0o700 });
      await fs.chmod(target.dataDir, 0o700);
    }
    // In a thread of its own, so the server's thread never waits while PostgreSQL works.
    const client = await PgliteThread.open(target);
    const db = drizzlePglite({ client: client as unknown as PGlite, schema });
    await migratePglite(db, { migrationsFolder: folder });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => client.close(),
      // In-process: there is no connection for a server to end.
      onIdleError: () => undefined,
    };
  }

  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  // PostgreSQL ends idle connections when it restarts or an administrator terminates them; the
  // pool reports that as an 'error' event, which would end the process with no listener.
  let idleErrorListener: (error: Error) => void = () => undefined;
  pool.on('error', (error) => idleErrorListener(error));
  const db = drizzlePg({ client: pool, schema });
  await migratePg(db, { migrationsFolder: folder });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    onIdleError: (listener) => {
      idleErrorListener = listener;
    },
  };
}
