import type { Project } from '@kiln/shared';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { projects, type ProjectRow } from '../../db/schema';

/** Spec accounts 3: both spellings of the GitHub link are part of the contract. */
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
const iso = (column: SQLWrapper) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * `presentProject` for a whole list, written by the database: one JSON text instead of a
 * thousand rows parsed, mapped, validated and serialised again in the server, which made
 * `GET /api/projects` cost 14 ms of CPU for 1,000 projects (issue 3; decision 0011). The same
 * fields in the same spellings; projects.test.ts checks both presenters agree.
 */
export const projectListJson = sql<string>`coalesce(json_agg(json_build_object(
  'id', ${projects.id},
  'name', ${projects.name},
  'description', ${projects.description},
  'language', ${projects.language},
  'tags', ${projects.tags},
  'starred', ${projects.starred},
  'createdAt', ${iso(projects.createdAt)},
  'updatedAt', ${iso(projects.updatedAt)},
  'githubOwner', ${projects.githubOwner},
  'githubRepo', ${projects.githubRepo},
  'autoSyncEnabled', ${projects.autoSyncEnabled},
  'github_owner', ${projects.githubOwner},
  'github_branch', ${projects.githubBranch},
  'last_synced_at', ${iso(projects.lastSyncedAt)},
  'auto_sync_enabled', ${projects.autoSyncEnabled},
  'sync_interval', ${projects.syncIntervalMs}
) order by ${projects.updatedAt} desc), '[]')::text`;
