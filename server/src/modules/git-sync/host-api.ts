import { Octokit } from '@octokit/rest';
import type { GitHostKind, GitRepo } from '@kiln/shared';
import { AppError } from '../../lib/app-error';
import { hostRequests, type HostRequest } from './host-guard';
import { hostOf } from './remote';

/** A host's REST API may take this long to answer before Kiln gives up on it. */
const API_TIMEOUT_MS = 15_000;
/** Repositories listed at most (GitHub pages of 100). */
const MAX_REPOSITORIES = 300;

/**
 * What Kiln asks of a host beyond Git itself (Octokit for GitHub's REST parts only; Git
 * itself goes through isomorphic-git): the token's account, its repositories and which branches are protected. GitHub
 * is reached at GITHUB_API_URL; Gitea, Forgejo and GitLab at their own base URL; a host with
 * no API Kiln knows (kind `git`) answers nothing, and owner/repo are typed instead.
 */
export interface HostApi {
  readonly kind: GitHostKind;
  account(): Promise<string | null>;
  repositories(): Promise<GitRepo[]>;
  protectedBranches(owner: string, repo: string): Promise<Set<string>>;
}

export interface HostApiSettings {
  githubApiUrl: string;
  /** GIT_PRIVATE_HOSTS: the API of a host a person named is reached through the host guard. */
  privateHosts: readonly string[];
}

export const isGitHub = (baseUrl: string) => hostOf(baseUrl) === 'github.com';

/** The API of a host whose kind is known. */
export function hostApi(
  kind: GitHostKind,
  baseUrl: string,
  token: string | null,
  settings: HostApiSettings,
): HostApi {
  if (kind === 'github') return gitHubApi(token, settings.githubApiUrl);
  const request = hostRequests(settings.privateHosts);
  if (kind === 'gitea') return giteaApi(request, baseUrl, token);
  if (kind === 'gitlab') return gitLabApi(request, baseUrl, token);
  return {
    kind: 'git',
    account: async () => null,
    repositories: async () => [],
    protectedBranches: async () => new Set(),
  };
}

/**
 * Which API a host speaks, asked with the token: GitHub by its name, then Gitea/Forgejo
 * (`/api/v1/version`, open to all), then GitLab (`/api/v4/user`). A token the API refuses is
 * refused here, before anything is stored.
 */
export async function detectHost(
  baseUrl: string,
  token: string,
  settings: HostApiSettings,
): Promise<{ kind: GitHostKind; account: string | null }> {
  if (isGitHub(baseUrl)) {
    return { kind: 'github', account: await gitHubApi(token, settings.githubApiUrl).account() };
  }
  const request = hostRequests(settings.privateHosts);
  const version = await getJson(request, `${baseUrl}/api/v1/version`, {}).catch(() => null);
  if (version?.ok && typeof (version.body as { version?: unknown }).version === 'string') {
    return { kind: 'gitea', account: await giteaApi(request, baseUrl, token).account() };
  }
  const gitlab = await getJson(request, `${baseUrl}/api/v4/user`, {
    'private-token': token,
  }).catch(() => null);
  if (gitlab?.ok && typeof (gitlab.body as { username?: unknown }).username === 'string') {
    return { kind: 'gitlab', account: (gitlab.body as { username: string }).username };
  }
  if (gitlab?.status === 401 && isGitLabRefusal(gitlab.body)) throw tokenRefused(baseUrl);
  return { kind: 'git', account: null };
}

function isGitLabRefusal(body: unknown): boolean {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.includes('401');
}

const tokenRefused = (baseUrl: string) =>
  new AppError('VALIDATION_FAILED', `${hostOf(baseUrl)} refused the token`);

const unreachable = (baseUrl: string) =>
  new AppError('SERVICE_UNAVAILABLE', `Could not reach ${hostOf(baseUrl)}; try again later`);

function gitHubApi(token: string | null, apiUrl: string): HostApi {
  const silent = { debug() {}, info() {}, warn() {}, error() {} };
  const octokit = new Octokit({
    ...(token ? { auth: token } : {}),
    baseUrl: apiUrl.replace(/\/+$/, ''),
    log: silent,
    request: { signal: AbortSignal.timeout(API_TIMEOUT_MS) },
  });
  const baseUrl = 'https://github.com';
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 401) throw tokenRefused(baseUrl);
      if (status === 403) {
        throw new AppError('VALIDATION_FAILED', 'GitHub refused the request for this token');
      }
      if (status === 404) throw new AppError('NOT_FOUND', 'GitHub has no such repository');
      throw unreachable(baseUrl);
    }
  };
  return {
    kind: 'github',
    account: () => call(async () => (await octokit.rest.users.getAuthenticated()).data.login),
    repositories: () =>
      call(async () => {
        const repositories: GitRepo[] = [];
        for await (const page of octokit.paginate.iterator(
          octokit.rest.repos.listForAuthenticatedUser,
          { per_page: 100, sort: 'updated' },
        )) {
          for (const repo of page.data) {
            repositories.push({
              id: String(repo.id),
              name: repo.name,
              owner: repo.owner.login,
              fullName: repo.full_name,
              description: repo.description ?? null,
              private: repo.private,
              defaultBranch: repo.default_branch ?? 'main',
              htmlUrl: repo.html_url,
            });
          }
          if (repositories.length >= MAX_REPOSITORIES) break;
        }
        return repositories.slice(0, MAX_REPOSITORIES);
      }),
    protectedBranches: (owner, repo) =>
      call(async () => {
        const branches = await octokit.paginate(octokit.rest.repos.listBranches, {
          owner,
          repo,
          per_page: 100,
        });
        return new Set(branches.filter((branch) => branch.protected).map((branch) => branch.name));
      }),
  };
}

interface GiteaRepo {
  id: number;
  name: string;
  full_name: string;
  description?: string | null;
  private: boolean;
  default_branch?: string;
  html_url: string;
  owner?: { login?: string; username?: string };
}

function giteaApi(request: HostRequest, baseUrl: string, token: string | null): HostApi {
  const headers: Record<string, string> = token ? { authorization: `token ${token}` } : {};
  const get = async <T>(path: string): Promise<T> => {
    const answer = await getJson(request, `${baseUrl}/api/v1${path}`, headers).catch(
      (error: unknown) => {
        // A host the guard refused says why; any other failure is the host being away.
        throw error instanceof AppError ? error : unreachable(baseUrl);
      },
    );
    if (answer.status === 401) throw tokenRefused(baseUrl);
    if (!answer.ok) throw unreachable(baseUrl);
    return answer.body as T;
  };
  return {
    kind: 'gitea',
    account: async () => {
      const user = await get<{ login?: string; username?: string }>('/user');
      return user.login ?? user.username ?? null;
    },
    repositories: async () => {
      const repositories: GiteaRepo[] = [];
      for (let page = 1; repositories.length < MAX_REPOSITORIES; page += 1) {
        const batch = await get<GiteaRepo[]>(`/user/repos?limit=50&page=${page}`);
        repositories.push(...batch);
        if (batch.length < 50) break;
      }
      return repositories.slice(0, MAX_REPOSITORIES).map((repo) => ({
        id: String(repo.id),
        name: repo.name,
        owner: repo.owner?.login ?? repo.owner?.username ?? repo.full_name.split('/')[0] ?? '',
        fullName: repo.full_name,
        description: repo.description || null,
        private: repo.private,
        defaultBranch: repo.default_branch ?? 'main',
        htmlUrl: repo.html_url,
      }));
    },
    protectedBranches: async (owner, repo) => {
      const branches = await get<{ name: string; protected?: boolean }[]>(
        `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/branches`,
      );
      return new Set(branches.filter((branch) => branch.protected).map((branch) => branch.name));
    },
  };
}

interface GitLabProject {
  id: number;
  path: string;
  path_with_namespace: string;
  description?: string | null;
  visibility?: string;
  default_branch?: string | null;
  web_url: string;
  namespace?: { full_path?: string };
}

function gitLabApi(request: HostRequest, baseUrl: string, token: string | null): HostApi {
  const headers: Record<string, string> = token ? { 'private-token': token } : {};
  const get = async <T>(path: string): Promise<T> => {
    const answer = await getJson(request, `${baseUrl}/api/v4${path}`, headers).catch(
      (error: unknown) => {
        // A host the guard refused says why; any other failure is the host being away.
        throw error instanceof AppError ? error : unreachable(baseUrl);
      },
    );
    if (answer.status === 401) throw tokenRefused(baseUrl);
    if (!answer.ok) throw unreachable(baseUrl);
    return answer.body as T;
  };
  return {
    kind: 'gitlab',
    account: async () => (await get<{ username?: string }>('/user')).username ?? null,
    repositories: async () => {
      const projects = await get<GitLabProject[]>(
        '/projects?membership=true&per_page=100&order_by=last_activity_at',
      );
      return projects.map((project) => ({
        id: String(project.id),
        name: project.path,
        owner:
          project.namespace?.full_path ??
          project.path_with_namespace.split('/').slice(0, -1).join('/'),
        fullName: project.path_with_namespace,
        description: project.description || null,
        private: project.visibility !== 'public',
        defaultBranch: project.default_branch ?? 'main',
        htmlUrl: project.web_url,
      }));
    },
    protectedBranches: async (owner, repo) => {
      const id = encodeURIComponent(`${owner}/${repo}`);
      const branches = await get<{ name: string; protected?: boolean }[]>(
        `/projects/${id}/repository/branches?per_page=100`,
      );
      return new Set(branches.filter((branch) => branch.protected).map((branch) => branch.name));
    },
  };
}

/**
 * A GET through the host guard answering JSON (or null for anything else), bounded in time;
 * redirects are not followed, so the token never goes anywhere but the host.
 */
async function getJson(
  request: HostRequest,
  url: string,
  headers: Record<string, string>,
): Promise<{ ok: boolean; status: number; body: unknown }> {
  const response = await request(url, {
    headers: { accept: 'application/json', ...headers },
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { ok: response.ok && body !== null, status: response.status, body };
}
