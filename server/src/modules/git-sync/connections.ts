import { DEFAULT_GIT_HOST, type GitConnectionInputSchema, type GitHostKind } from '@kiln/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { gitConnections } from './tables';
import type { GitSyncDeps } from './deps';
import { detectHost, hostApi, type HostApi } from './host-api';
import { checkHostUrl } from './host-guard';
import { hostOf } from './remote';

export type ConnectionRow = typeof gitConnections.$inferSelect;

/** A connection with its token opened, for the operations that need it; never presented. */
export interface OpenConnection {
  baseUrl: string;
  kind: GitHostKind;
  account: string | null;
  username: string | null;
  token: string;
}

/**
 * Connects the person to a host: the host's API is asked who the token belongs to (which also
 * proves it works, where the host has an API), then the token is sealed and stored.
 */
export async function saveConnection(
  deps: GitSyncDeps & {
    userId: string;
    input: z.output<typeof GitConnectionInputSchema>;
  },
): Promise<ConnectionRow> {
  const { input } = deps;
  const baseUrl = input.baseUrl ?? DEFAULT_GIT_HOST;
  await checkHostUrl(baseUrl, deps.privateHosts);
  const { kind, account } = await detectHost(baseUrl, input.token, deps.hostSettings);
  const values = {
    baseUrl,
    kind,
    username: input.username ?? null,
    account: account ?? input.username ?? null,
    tokenEncrypted: deps.secrets.seal(input.token),
    updatedAt: new Date(),
  };
  const [row] = await deps.db
    .insert(gitConnections)
    .values({ userId: deps.userId, ...values })
    .onConflictDoUpdate({ target: gitConnections.userId, set: values })
    .returning();
  if (!row) throw new Error('connection upsert returned nothing');
  return row;
}

export async function getConnection(
  deps: Pick<GitSyncDeps, 'db'>,
  userId: string,
): Promise<ConnectionRow | null> {
  const [row] = await deps.db
    .select()
    .from(gitConnections)
    .where(eq(gitConnections.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function deleteConnection(deps: Pick<GitSyncDeps, 'db'>, userId: string) {
  await deps.db.delete(gitConnections).where(eq(gitConnections.userId, userId));
}

export async function openConnection(
  deps: Pick<GitSyncDeps, 'db' | 'secrets'>,
  userId: string,
): Promise<OpenConnection | null> {
  const row = await getConnection(deps, userId);
  if (!row) return null;
  return {
    baseUrl: row.baseUrl,
    kind: row.kind,
    account: row.account,
    username: row.username,
    token: deps.secrets.open(row.tokenEncrypted),
  };
}

/**
 * The user name sent with the token over Git's Basic authentication: hosts ignore it or want
 * a particular one (GitHub takes any, GitLab wants `oauth2`, Gitea the account).
 */
export function gitCredentials(connection: OpenConnection) {
  const username =
    connection.kind === 'github'
      ? 'x-access-token'
      : connection.kind === 'gitlab'
        ? 'oauth2'
        : (connection.username ?? connection.account ?? 'kiln');
  return { username, password: connection.token };
}

/** The API of the person's host, or of GitHub without a token when they connected none. */
export function connectionApi(deps: GitSyncDeps, connection: OpenConnection | null): HostApi {
  if (!connection) return hostApi('github', DEFAULT_GIT_HOST, null, deps.hostSettings);
  return hostApi(connection.kind, connection.baseUrl, connection.token, deps.hostSettings);
}

/** Commits Kiln writes are signed with the host account and an address that reaches no one. */
export function commitAuthor(connection: OpenConnection | null, baseUrl: string) {
  const name = connection?.account ?? 'Kiln';
  return { name, email: `${name}@users.noreply.${hostOf(baseUrl).replace(/:\d+$/, '')}` };
}
