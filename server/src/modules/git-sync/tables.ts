import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { projects } from '../projects/tables';
import { users } from '../users/tables';

/**
 * A person's connection to a Git host (modules/git-sync): its base URL and access token, the
 * token sealed like environment variables (lib/secret-box.ts), so a copy of the database alone
 * cannot push anywhere. One per person.
 */
export const gitConnections = pgTable('git_connections', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  baseUrl: text('base_url').notNull(),
  /** What the host answers beyond Git: github, gitea, gitlab, or git (nothing). */
  kind: text('kind').$type<'github' | 'gitea' | 'gitlab' | 'git'>().notNull(),
  username: text('username'),
  account: text('account'),
  tokenEncrypted: text('token_encrypted').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Where a linked project stands with its repository: the host it is linked on and the commit
 * it last pushed or pulled, the base of the next three-way merge. While a pull's conflicts wait
 * to be resolved, `mergeTheirs` is the remote commit being merged, `mergeOurs` a commit of the
 * project's files as they were, and `mergeConflicts` the paths in conflict.
 */
export const gitSyncStates = pgTable('git_sync_states', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  baseUrl: text('base_url').notNull(),
  syncedCommit: text('synced_commit'),
  mergeOurs: text('merge_ours'),
  mergeTheirs: text('merge_theirs'),
  mergeConflicts: jsonb('merge_conflicts').$type<string[]>(),
  lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
  /** When an automatic push last looked at the project, so a failing one is not retried at every tick. */
  lastAutoPushAt: timestamp('last_auto_push_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** Every push, pull and conflict resolution of a project, for the sync history. */
export const gitSyncHistory = pgTable(
  'git_sync_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    operation: text('operation').$type<'push' | 'pull' | 'resolve-conflict'>().notNull(),
    status: text('status').$type<'success' | 'conflict' | 'error'>().notNull(),
    message: text('message').notNull(),
    filesChanged: jsonb('files_changed').$type<string[]>().notNull().default([]),
    commitSha: text('commit_sha'),
    createdAt: createdAt(),
  },
  (table) => [index('git_sync_history_project_idx').on(table.projectId, table.createdAt)],
);
