// The anchor of bench/request-path: Kiln's authenticated read routes written as bare Fastify
// routes, as a person would write them, over the same database with the same library versions,
// sending the same queries per request (the session with its user, then what the route reads).
// No security headers, no request log, no CSRF cookie, no validation: what is left of Kiln's
// figure beside this one is Kiln's own machinery. Run as its own process by request-path.ts:
//   ANCHOR_PORT=… ANCHOR_DATABASE_URL=postgres://…  or  ANCHOR_PGLITE_DIR=…/db
import { createHash } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyRequest } from 'fastify';
import pg from 'pg';
import { openPglite } from '../../server/src/db/pglite';

type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

async function openQuery(): Promise<{ query: Query; close(): Promise<void> }> {
  const url = process.env.ANCHOR_DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return {
      query: async (text, params) => (await pool.query(text, params)).rows,
      close: () => pool.end(),
    };
  }
  const dir = process.env.ANCHOR_PGLITE_DIR;
  if (!dir) throw new Error('ANCHOR_DATABASE_URL or ANCHOR_PGLITE_DIR is needed');
  const client = openPglite(dir);
  return {
    query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    close: () => client.close(),
  };
}

/** Every column of a table, each aliased with a prefix, as an ORM's select of whole rows sends. */
async function columnsOf(query: Query, table: string, alias: string): Promise<string> {
  const rows = await query(
    `select column_name from information_schema.columns where table_name = $1 order by ordinal_position`,
    [table],
  );
  return rows
    .map(({ column_name }) => `${alias}."${column_name}" as "${alias}_${column_name}"`)
    .join(', ');
}

const { query, close } = await openQuery();
const SESSION_USER = `select ${await columnsOf(query, 'sessions', 's')}, ${await columnsOf(query, 'users', 'u')}
  from sessions s inner join users u on u.id = s.user_id where s.id = $1 limit 1`;
const PROJECT_ACCESS = `select ${await columnsOf(query, 'projects', 'p')}, m.role as "m_role"
  from projects p left join project_members m on m.project_id = p.id and m.user_id = $1
  where p.id = $2 and (p.owner_id = $1 or m.user_id is not null) limit 1`;
const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const PROJECT_LIST = `select id, name, description, language, tags, starred,
  ${iso('created_at')} as "createdAt", ${iso('updated_at')} as "updatedAt",
  github_owner as "githubOwner", github_repo as "githubRepo", auto_sync_enabled as "autoSyncEnabled",
  github_owner as "github_owner", github_branch as "github_branch",
  ${iso('last_synced_at')} as "last_synced_at", auto_sync_enabled as "auto_sync_enabled",
  sync_interval as "sync_interval"
  from projects where owner_id = $1 order by updated_at desc`;
const FILE_BY_PATH = `select id, project_id, path, is_directory, content, mime_type, size, version, updated_at
  from files where project_id = $1 and path = $2 limit 1`;

const timestamp = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/** The signed-in user, or null: the cookie's token hashed, looked up, its deadlines checked. */
async function signedIn(request: FastifyRequest) {
  const token = request.cookies.session_token;
  if (!token) return null;
  const id = createHash('sha256').update(token).digest('base64url');
  const [row] = await query(SESSION_USER, [id]);
  if (!row) return null;
  if (timestamp(row.s_expires_at).getTime() <= Date.now()) return null;
  return {
    id: String(row.u_id),
    name: row.u_name,
    email: row.u_email,
    username: row.u_username,
    subscriptionPlan: row.u_subscription_plan,
    isAdmin: row.u_is_admin,
  };
}

function presentProject(row: Record<string, unknown>) {
  return {
    id: row.p_id,
    name: row.p_name,
    description: row.p_description,
    language: row.p_language,
    tags: row.p_tags,
    starred: row.p_starred,
    createdAt: timestamp(row.p_created_at).toISOString(),
    updatedAt: timestamp(row.p_updated_at).toISOString(),
    githubOwner: row.p_github_owner,
    githubRepo: row.p_github_repo,
    autoSyncEnabled: row.p_auto_sync_enabled,
    github_owner: row.p_github_owner,
    github_branch: row.p_github_branch,
    last_synced_at: row.p_last_synced_at ? timestamp(row.p_last_synced_at).toISOString() : null,
    auto_sync_enabled: row.p_auto_sync_enabled,
    sync_interval: row.p_sync_interval,
  };
}

const app = Fastify();
await app.register(fastifyCookie);

app.get('/api/auth/me', async (request, reply) => {
  const user = await signedIn(request);
  if (!user) return reply.status(401).send({ error: 'Sign in' });
  return { user };
});

app.get('/api/projects', async (request, reply) => {
  const user = await signedIn(request);
  if (!user) return reply.status(401).send({ error: 'Sign in' });
  return query(PROJECT_LIST, [user.id]);
});

app.get<{ Params: { id: string } }>('/api/projects/:id', async (request, reply) => {
  const user = await signedIn(request);
  if (!user) return reply.status(401).send({ error: 'Sign in' });
  const [row] = await query(PROJECT_ACCESS, [user.id, request.params.id]);
  if (!row) return reply.status(404).send({ error: 'Project not found' });
  return presentProject(row);
});

app.get<{ Params: { projectId: string }; Querystring: { path: string } }>(
  '/api/files/:projectId/content',
  async (request, reply) => {
    const user = await signedIn(request);
    if (!user) return reply.status(401).send({ error: 'Sign in' });
    const [project] = await query(PROJECT_ACCESS, [user.id, request.params.projectId]);
    if (!project) return reply.status(404).send({ error: 'Project not found' });
    const [file] = await query(FILE_BY_PATH, [project.p_id, request.query.path]);
    if (!file) return reply.status(404).send({ error: 'File not found' });
    return {
      id: file.id,
      projectId: file.project_id,
      path: file.path,
      isDirectory: file.is_directory,
      isBinary: false,
      mimeType: file.mime_type,
      size: file.size,
      version: file.version,
      updatedAt: timestamp(file.updated_at).toISOString(),
      content: file.content,
    };
  },
);

app.addHook('onClose', () => close());
await app.listen({ host: '127.0.0.1', port: Number(process.env.ANCHOR_PORT) });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
