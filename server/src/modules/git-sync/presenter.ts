import type { GitConnection, GitSyncHistoryEntry } from '@kiln/shared';
import type { ConnectionRow } from './connections';
import { hostOf } from './remote';
import type { HistoryRow } from './sync-state';

/** The connection as its owner sees it: never the token, sealed or not. */
export function presentConnection(
  row: ConnectionRow | null,
  options: { oauthAvailable: boolean },
): GitConnection {
  if (!row) {
    return {
      connected: false,
      host: null,
      baseUrl: null,
      account: null,
      kind: null,
      listsRepositories: false,
      oauthAvailable: options.oauthAvailable,
      connectedAt: null,
    };
  }
  return {
    connected: true,
    host: hostOf(row.baseUrl),
    baseUrl: row.baseUrl,
    account: row.account,
    kind: row.kind,
    listsRepositories: row.kind !== 'git',
    oauthAvailable: options.oauthAvailable,
    connectedAt: row.updatedAt.toISOString(),
  };
}

/** A history entry, its fields in snake_case as the client reads them. */
export function presentHistoryEntry(row: HistoryRow): GitSyncHistoryEntry {
  return {
    id: row.id,
    operation: row.operation,
    status: row.status,
    message: row.message,
    files_changed: row.filesChanged,
    created_at: row.createdAt.toISOString(),
    commit_sha: row.commitSha,
  };
}
