// A database of a benchmark's own on a PostgreSQL server, so a run never touches what is there
// and leaves nothing behind.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ThrowawayDatabase {
  /** The server's URL with this database's name in it. */
  url: string;
  name: string;
  /** The PostgreSQL server processes connected to this database now (to read their CPU time). */
  backendPids(): Promise<number[]>;
  /** Drops the database (ending any connection still in it) and closes the admin connection. */
  drop(): Promise<void>;
}

/**
 * Creates `<prefix>_<random>` on the server at `serverUrl`. Fails as the connection does when
 * the server is not reachable, so the caller can say it skipped PostgreSQL.
 */
export async function throwawayDatabase(
  serverUrl: string,
  prefix = 'kiln_bench',
): Promise<ThrowawayDatabase> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`create database ${name}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async backendPids() {
      const result = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1',
        [name],
      );
      return result.rows.map((row) => row.pid);
    },
    async drop() {
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}
