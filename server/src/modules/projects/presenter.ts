import type { Project } from '@kiln/shared';
import { sql, type AnyColumn } from 'drizzle-orm';
import { projects, type ProjectRow } from './tables';

/** Both spellings of the GitHub link are part of the public API. */
export function presentProject(row: ProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    language: row.language,
    tags: row.tags,
    starred: row.starred,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    githubOwner: row.githubOwner,
    githubRepo: row.githubRepo,
    autoSyncEnabled: row.autoSyncEnabled,
    github_owner: row.githubOwner,
    github_branch: row.githubBranch,
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
    auto_sync_enabled: row.autoSyncEnabled,
    sync_interval: row.syncIntervalMs,
  };
}

/** A timestamp as `Date.prototype.toISOString` writes it: UTC, milliseconds, `Z`. */
const iso = (column: AnyColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * `presentProject` as select-list columns, for lists: each row arrives from the database in
 * its presented shape, so a list of 1,000 projects is neither mapped nor converted in the
 * server (decision 0011). projects.test.ts holds the two presenters equal.
 */
export const presentedProjectColumns = sql`
  ${projects.id} as "id",
  ${projects.name} as "name",
  ${projects.description} as "description",
  ${projects.language} as "language",
  ${projects.tags} as "tags",
  ${projects.starred} as "starred",
  ${iso(projects.createdAt)} as "createdAt",
  ${iso(projects.updatedAt)} as "updatedAt",
  ${projects.githubOwner} as "githubOwner",
  ${projects.githubRepo} as "githubRepo",
  ${projects.autoSyncEnabled} as "autoSyncEnabled",
  ${projects.githubOwner} as "github_owner",
  ${projects.githubBranch} as "github_branch",
  ${iso(projects.lastSyncedAt)} as "last_synced_at",
  ${projects.autoSyncEnabled} as "auto_sync_enabled",
  ${projects.syncIntervalMs} as "sync_interval"`;
