import { DEFAULT_GIT_BRANCH, DEFAULT_GIT_SYNC_INTERVAL, type Project } from '@kiln/shared';

/** The project fields that carry its Git link, in either spelling the API gives them. */
export type ProjectGitFields = Partial<
  Pick<
    Project,
    | 'githubOwner'
    | 'githubRepo'
    | 'autoSyncEnabled'
    | 'github_owner'
    | 'github_branch'
    | 'last_synced_at'
    | 'auto_sync_enabled'
    | 'sync_interval'
  >
>;

/** A project's link to a repository's branch, as the GitHub dialog shows and edits it. */
export interface GitLink {
  owner: string;
  repo: string;
  branch: string;
  lastSyncedAt: string | null;
  autoSyncEnabled: boolean;
  syncInterval: number;
}

/**
 * The project's link, or null while it has none. A project carries the link in camelCase and in
 * snake_case (shared/src/projects/schemas.ts), both public; either is honoured, camelCase first.
 * Only the camelCase form names the repository.
 */
export function gitLinkOf(project: ProjectGitFields | null | undefined): GitLink | null {
  if (!project) return null;
  const owner = project.githubOwner ?? project.github_owner ?? null;
  const repo = project.githubRepo ?? null;
  if (!owner || !repo) return null;
  return {
    owner,
    repo,
    branch: project.github_branch || DEFAULT_GIT_BRANCH,
    lastSyncedAt: project.last_synced_at ?? null,
    autoSyncEnabled: project.autoSyncEnabled ?? project.auto_sync_enabled ?? false,
    syncInterval: project.sync_interval ?? DEFAULT_GIT_SYNC_INTERVAL,
  };
}
