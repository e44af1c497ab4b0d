import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { isUuid } from '../../lib/ids';
import type { PostgresBridgeTarget } from './postgres-bridge-connection';
import { PostgresSession, type SignalBackend } from './postgres-session';
import type { ProjectDatabaseBackend } from './session';

/**
 * Connections one project's role may hold: the SQL runner's one, and the rest for the project's
 * own programs through a database bridge (an app's pool, a psql beside it).
 */
const ROLE_CONNECTION_LIMIT = 10;
const SCRAM_ITERATIONS = 4096;
/** PostgreSQL's code for a failed password check. */
const INVALID_PASSWORD = '28P01';

/**
 * Each project gets a database and a role of its own on the PostgreSQL server at `serverUrl`
 * (docs/decisions/0017-project-databases.md), created on first use: the role may log in, owns
 * its database and nothing else, and has no superuser, createdb or createrole right. CONNECT on
 * the project's database is revoked from PUBLIC, so no other project's role gets in, and so is
 * CONNECT on the database named in `serverUrl`. The role's password is derived from the server's
 * secret and the project id, so nothing is stored, and is sent to PostgreSQL already hashed
 * (SCRAM), so it appears in no log.
 */
export function createPostgresBackend(options: {
  serverUrl: string;
  /** Key material for the roles' passwords (deriveKey of the server's secret). */
  passwordKey: Buffer;
  log: FastifyBaseLogger;
}): ProjectDatabaseBackend {
  const { serverUrl, passwordKey, log } = options;
  const admin = new pg.Pool({ connectionString: serverUrl, max: 2 });
  admin.on('error', (error) =>
    log.warn({ err: error }, 'the project database server closed a connection'),
  );
  const provisioned = new Map<string, Promise<void>>();
  let serverPrepared: Promise<void> | undefined;

  const nameOf = (projectId: string) => {
    // Project ids are UUIDs; anything else must never reach SQL text.
    if (!isUuid(projectId)) throw new Error(`not a project id: ${projectId}`);
    return `kiln_p_${projectId.replaceAll('-', '').toLowerCase()}`;
  };
  const passwordOf = (projectId: string) =>
    createHmac('sha256', passwordKey).update(projectId).digest('base64url');

  const signal: SignalBackend = async (pid, kind) => {
    const call = kind === 'cancel' ? 'pg_cancel_backend' : 'pg_terminate_backend';
    await admin.query(`select ${call}($1)`, [pid]);
  };

  /** Once per process: the role-less maintenance database is closed to project roles too. */
  const prepareServer = () => {
    serverPrepared ??= admin
      .query(
        `DO $$ BEGIN EXECUTE format('REVOKE CONNECT ON DATABASE %I FROM PUBLIC', current_database()); END $$`,
      )
      .then(
        () => undefined,
        (error: unknown) =>
          log.warn(
            { err: error },
            "could not revoke PUBLIC's CONNECT on the PROJECTS_DATABASE_URL database: project roles may log in to it",
          ),
      );
    return serverPrepared;
  };

  const provision = (projectId: string, force = false): Promise<void> => {
    const existing = provisioned.get(projectId);
    if (existing && !force) return existing;
    const done = (async () => {
      await prepareServer();
      const name = nameOf(projectId);
      const role = quoteIdent(name);
      const client = await admin.connect();
      try {
        // Two servers creating one project's database at once take turns.
        await client.query('select pg_advisory_lock(hashtext($1))', [name]);
        try {
          const attributes = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT CONNECTION LIMIT ${ROLE_CONNECTION_LIMIT} PASSWORD '${scramVerifier(passwordOf(projectId))}'`;
          const roleExists = await client.query('select 1 from pg_roles where rolname = $1', [
            name,
          ]);
          // An existing role is brought back in line (its password may have been changed).
          await client.query(
            `${roleExists.rowCount ? 'ALTER' : 'CREATE'} ROLE ${role} WITH ${attributes}`,
          );
          const { rows } = await client.query<{ rolsuper: boolean }>(
            'select rolsuper from pg_roles where rolname = current_user',
          );
          // Without superuser, creating a database owned by another role takes membership in it.
          if (!rows[0]?.rolsuper) await client.query(`GRANT ${role} TO CURRENT_USER`);
          const databaseExists = await client.query(
            'select 1 from pg_database where datname = $1',
            [name],
          );
          if (!databaseExists.rowCount) {
            await client.query(`CREATE DATABASE ${role} OWNER ${role}`);
          }
          await client.query(`REVOKE ALL ON DATABASE ${role} FROM PUBLIC`);
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
        }
      } finally {
        client.release();
      }
    })();
    provisioned.set(projectId, done);
    done.catch(() => provisioned.delete(projectId));
    return done;
  };

  const connectionOf = (projectId: string): pg.ClientConfig => {
    const url = new URL(serverUrl);
    url.username = nameOf(projectId);
    url.password = passwordOf(projectId);
    url.pathname = `/${nameOf(projectId)}`;
    return { connectionString: url.toString() };
  };

  const address = serverAddress(serverUrl);
  return {
    kind: 'postgres',
    bridgeTarget: (projectId): PostgresBridgeTarget => ({
      credentials: {
        user: nameOf(projectId),
        password: passwordOf(projectId),
        database: nameOf(projectId),
      },
      provision: () => provision(projectId),
      connect: () => net.connect(address),
    }),
    location: (projectId) => nameOf(projectId),
    async exists(projectId) {
      const found = await admin.query('select 1 from pg_database where datname = $1', [
        nameOf(projectId),
      ]);
      return Boolean(found.rowCount);
    },
    prepare() {
      // Nothing to make ahead: a database is created in a moment.
    },
    async open(projectId) {
      await provision(projectId);
      try {
        return await PostgresSession.open(connectionOf(projectId), signal, log);
      } catch (error) {
        if ((error as { code?: string }).code !== INVALID_PASSWORD) throw error;
        // The role changed its own password: set it back, once.
        await provision(projectId, true);
        return PostgresSession.open(connectionOf(projectId), signal, log);
      }
    },
    list() {
      // The server may hold other Kiln installations' project databases under the same names,
      // which no listing can tell apart: here databases go only with deletions Kiln sees.
      return Promise.resolve([]);
    },
    async remove(projectId) {
      const name = quoteIdent(nameOf(projectId));
      provisioned.delete(projectId);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${name}`);
    },
    async close() {
      await admin.end();
    },
  };
}

/** Where the server listens: a host and port, or a Unix socket (`?host=/run/postgresql`). */
function serverAddress(serverUrl: string): net.NetConnectOpts {
  const url = new URL(serverUrl);
  const port = Number(url.port || 5432);
  const host = url.searchParams.get('host') ?? decodeURIComponent(url.hostname);
  if (host.startsWith('/')) return { path: `${host}/.s.PGSQL.${port}` };
  return { host: host.replace(/^\[(.*)\]$/, '$1') || 'localhost', port };
}

/** Names here are `kiln_p_` and hex digits; quoting is belt and braces. */
function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** PostgreSQL's stored form of a SCRAM-SHA-256 password (RFC 5802, as `CREATE ROLE` accepts it). */
function scramVerifier(password: string): string {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password, salt, SCRAM_ITERATIONS, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest('base64');
  const serverKey = createHmac('sha256', salted).update('Server Key').digest('base64');
  return `SCRAM-SHA-256$${SCRAM_ITERATIONS}:${salt.toString('base64')}$${storedKey}:${serverKey}`;
}
