import type { Project } from '@kiln/shared';
import type { ProjectRow } from '../../db/schema';

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
