import { AppError } from '../../lib/app-error';
import type { ProjectRow } from '../projects/tables';
import { getReadableProject } from '../projects';
import { commitAuthor, gitCredentials, openConnection, type OpenConnection } from './connections';
import type { GitSyncDeps } from './deps';
import { hostRequests } from './host-guard';
import {
  repositoryLabel,
  repositoryUrl,
  type RemoteAccess,
  type RepositoryAddress,
} from './remote';
import { ProjectRepository, type CommitAuthor } from './repository';
import { getSyncState, type SyncStateRow } from './sync-state';

/** Everything one operation on a linked project works with. */
export interface LinkedProject {
  project: ProjectRow;
  state: SyncStateRow;
  address: RepositoryAddress;
  branch: string;
  remote: RemoteAccess;
  repository: ProjectRepository;
  author: CommitAuthor;
}

/**
 * The remote as the person reaches it: with their token when their connection is to the
 * repository's host, anonymously otherwise (public repositories need none). Every request to
 * it passes the host guard again, whatever was checked when the project was linked.
 */
export function remoteAccess(
  address: RepositoryAddress,
  connection: OpenConnection | null,
  privateHosts: readonly string[],
): RemoteAccess {
  const sameHost = connection !== null && connection.baseUrl === address.baseUrl;
  return {
    url: repositoryUrl(address),
    credentials: sameHost ? gitCredentials(connection) : null,
    label: repositoryLabel(address),
    request: hostRequests(privateHosts),
  };
}

export const notLinked = () =>
  new AppError('VALIDATION_FAILED', 'This project is not linked to a repository yet');

/**
 * A project the person is in (404 otherwise, as for every project route; what they may do in it
 * is checked by the caller), linked to a repository (400 otherwise), with its remote and
 * repository ready.
 */
export async function openLinkedProject(
  deps: GitSyncDeps,
  userId: string,
  projectId: string,
): Promise<LinkedProject> {
  const project = await getReadableProject({ db: deps.db, userId, projectId });
  return linkedProjectOf(deps, project);
}

/** The same for a project already read (a job acts as its owner). */
export async function linkedProjectOf(
  deps: GitSyncDeps,
  project: ProjectRow,
): Promise<LinkedProject> {
  const state = await getSyncState(deps.db, project.id);
  if (!state || !project.githubOwner || !project.githubRepo) throw notLinked();
  const address = {
    baseUrl: state.baseUrl,
    owner: project.githubOwner,
    repo: project.githubRepo,
  };
  const connection = await openConnection(deps, project.ownerId);
  return {
    project,
    state,
    address,
    branch: project.githubBranch,
    remote: remoteAccess(address, connection, deps.privateHosts),
    repository: await ProjectRepository.open(deps.gitRoot, project.id),
    author: commitAuthor(connection, address.baseUrl),
  };
}
