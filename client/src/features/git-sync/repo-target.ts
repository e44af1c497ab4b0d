import type { GitRepoTargetInput } from '@kiln/shared';

export type RepoTarget = Omit<GitRepoTargetInput, 'projectId'>;

/** The Link and Import forms as typed: owner, repository and branch. */
export interface RepoTargetFields {
  owner: string;
  repo: string;
  branch: string;
}

const isAddress = (value: string) => /^https?:\/\//i.test(value);

/**
 * The repository the fields name. The repository field also takes `owner/repo`, or a whole
 * address (https://host/owner/repo), which names the host too and needs no owner; a blank
 * branch is left to the server (main).
 */
export function repoTargetOf(
  fields: RepoTargetFields,
): { target: RepoTarget; error?: never } | { target?: never; error: string } {
  const repo = fields.repo.trim();
  const branch = fields.branch.trim();
  const withBranch = branch ? { branch } : {};
  if (isAddress(repo)) {
    const url = URL.canParse(repo) ? new URL(repo) : null;
    const parts = url?.pathname.split('/').filter(Boolean) ?? [];
    if (!url || parts.length < 2) {
      return { error: 'Enter an address such as https://github.com/owner/repo' };
    }
    return { target: { url: repo, ...withBranch } };
  }
  let owner = fields.owner.trim();
  let name = repo;
  if (!owner && repo.includes('/')) {
    owner = repo.slice(0, repo.lastIndexOf('/'));
    name = repo.slice(repo.lastIndexOf('/') + 1);
  }
  if (!owner) return { error: 'Enter the owner (a user or an organisation)' };
  if (!name) return { error: 'Enter the repository name' };
  return { target: { owner, repo: name, ...withBranch } };
}

/** Whether the repository field holds a whole address, which makes the owner field moot. */
export const namesAddress = (fields: RepoTargetFields) => isAddress(fields.repo.trim());
