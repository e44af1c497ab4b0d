import type { DeployPlatform, Project } from '@kiln/shared';

/** The GitHub repository a project is linked to, in either spelling the API gives it. */
export interface LinkedRepository {
  owner: string;
  repo: string;
}

export function linkedRepositoryOf(
  project: Partial<Pick<Project, 'githubOwner' | 'githubRepo' | 'github_owner'>> | undefined,
): LinkedRepository | null {
  const owner = project?.githubOwner ?? project?.github_owner ?? null;
  const repo = project?.githubRepo ?? null;
  return owner && repo ? { owner, repo } : null;
}

/**
 * Each platform's own "import this repository" page, which asks the person to sign in there
 * and deploys from GitHub without Kiln holding any key.
 */
export function deployLink(platform: DeployPlatform, { owner, repo }: LinkedRepository): string {
  const path = `${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
  const repository = `https://github.com/${path}`;
  switch (platform) {
    case 'vercel':
      return `https://vercel.com/new/clone?repository-url=${encodeURIComponent(repository)}`;
    case 'netlify':
      return `https://app.netlify.com/start/deploy?repository=${encodeURIComponent(repository)}`;
    case 'railway':
      return `https://railway.com/new/github?repo=${encodeURIComponent(`${owner}/${repo}`)}`;
  }
}
