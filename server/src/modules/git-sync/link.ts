import { checkHostUrl } from './host-guard';
import {
  DEFAULT_GIT_BRANCH,
  DEFAULT_GIT_HOST,
  type GitImportResult,
  type GitRepoTargetInputSchema,
} from '@kiln/shared';
import type { z } from 'zod';
import type { ProjectRow } from '../projects/tables';
import { AppError } from '../../lib/app-error';
import { ancestorsOf } from '../../lib/project-paths';
import { getOwnedProject } from '../projects';
import { applyRemoteChanges, holdablePaths } from './apply-remote';
import { openConnection, type OpenConnection } from './connections';
import type { GitSyncDeps } from './deps';
import { changedPaths, type TreeEntry } from './git-objects';
import { heldBackEntries, withHeldBack } from './held-back';
import { recordFailure } from './history';
import { remoteAccess } from './linked-project';
import { readProjectTree } from './project-files';
import { asHostError, parseRepositoryUrl, repositoryLabel, type RepositoryAddress } from './remote';
import { ProjectRepository } from './repository';
import { getSyncState, linkProject, recordHistory } from './sync-state';

type TargetInput = z.output<typeof GitRepoTargetInputSchema>;

/** The repository a link or an import names: by URL, or by owner and repo on the connected host. */
async function addressOf(
  input: TargetInput,
  connection: OpenConnection | null,
  privateHosts: readonly string[],
): Promise<RepositoryAddress> {
  if (input.url !== undefined) {
    const parsed = parseRepositoryUrl(input.url);
    if (!parsed) {
      throw new AppError(
        'VALIDATION_FAILED',
        'url must be a repository address such as https://github.com/owner/repo',
      );
    }
    await checkHostUrl(parsed.baseUrl, privateHosts);
    return parsed;
  }
  const address = {
    baseUrl: connection?.baseUrl ?? DEFAULT_GIT_HOST,
    owner: input.owner!,
    repo: input.repo!,
  };
  await checkHostUrl(address.baseUrl, privateHosts);
  return address;
}

interface Target {
  project: ProjectRow;
  address: RepositoryAddress;
  branch: string;
  connection: OpenConnection | null;
  repository: ProjectRepository;
}

async function openTarget(deps: GitSyncDeps, userId: string, input: TargetInput): Promise<Target> {
  const project = await getOwnedProject({ db: deps.db, userId, projectId: input.projectId });
  const connection = await openConnection(deps, userId);
  return {
    project,
    address: await addressOf(input, connection, deps.privateHosts),
    branch: input.branch ?? DEFAULT_GIT_BRANCH,
    connection,
    repository: await ProjectRepository.open(deps.gitRoot, project.id),
  };
}

/**
 * Links a project to a repository's branch without changing its files. The repository must be
 * reachable. When the branch already holds exactly the project's files the two count as in
 * sync; otherwise the project has never synced with it, and the first pull merges the two
 * (files only one side has are taken, files both have differently are conflicts). Linking the
 * same repository and branch again keeps where it stood.
 */
export async function linkRepository(
  deps: GitSyncDeps,
  userId: string,
  input: TargetInput,
): Promise<{ message: string }> {
  const target = await openTarget(deps, userId, input);
  const { project, address, branch, repository } = target;
  const remote = remoteAccess(address, target.connection, deps.privateHosts);
  return deps.locks.run(project.id, async () => {
    try {
      const remoteHead = await repository.fetchBranch(remote, branch);
      const state = await getSyncState(deps.db, project.id);
      const same =
        state !== null &&
        state.baseUrl === address.baseUrl &&
        project.githubOwner === address.owner &&
        project.githubRepo === address.repo &&
        project.githubBranch === branch;
      if (!same) {
        let syncedCommit: string | null = null;
        if (remoteHead) {
          const files = await readProjectTree({ db: deps.db, projectId: project.id });
          const theirs = await repository.readFlatTree(remoteHead);
          const held = await heldBackEntries(repository, theirs, files.tree);
          if (changedPaths(theirs, withHeldBack(files.tree, held)).length === 0) {
            syncedCommit = remoteHead;
          }
        }
        await linkProject(deps.db, { projectId: project.id, ...address, branch, syncedCommit });
      }
      return { message: `Linked to ${repositoryLabel(address)} (${branch})` };
    } catch (error) {
      throw asHostError(error, remote);
    }
  });
}

/**
 * Makes the project's files the branch's: files the branch has are written (binary files byte
 * for byte), files and folders it does not have are removed, and the project is linked to it,
 * in sync. A public repository named by URL needs no connection.
 */
export async function importRepository(
  deps: GitSyncDeps,
  userId: string,
  input: TargetInput,
): Promise<GitImportResult> {
  const target = await openTarget(deps, userId, input);
  const { project, address, branch, repository } = target;
  const remote = remoteAccess(address, target.connection, deps.privateHosts);
  return deps.locks.run(project.id, async () => {
    try {
      const remoteHead = await repository.fetchBranch(remote, branch);
      if (!remoteHead) {
        throw new AppError(
          'VALIDATION_FAILED',
          `${repositoryLabel(address)} has no branch ${branch} to import`,
        );
      }
      const theirs = await repository.readFlatTree(remoteHead);
      const files = await readProjectTree({ db: deps.db, projectId: project.id });
      const holdable = holdablePaths(theirs);
      const take = new Map<string, TreeEntry | null>();
      for (const path of holdable) {
        const entry = theirs.get(path)!;
        if (files.tree.get(path)?.oid !== entry.oid) take.set(path, entry);
      }
      for (const path of files.tree.keys()) if (!holdable.has(path)) take.set(path, null);
      const remoteFolders = new Set([...holdable].flatMap((path) => ancestorsOf(path)));
      const applied = await applyRemoteChanges(deps, {
        repository,
        ownerId: project.ownerId,
        projectId: project.id,
        files,
        take,
        extraRemovals: files.folders.filter((folder) => !remoteFolders.has(folder)),
      });
      await linkProject(deps.db, {
        projectId: project.id,
        ...address,
        branch,
        syncedCommit: remoteHead,
      });
      const changed = [...applied.created, ...applied.updated, ...applied.deleted].sort();
      const message = `Imported ${repositoryLabel(address)} (${branch})`;
      await recordHistory(deps.db, {
        projectId: project.id,
        operation: 'pull',
        status: 'success',
        message,
        filesChanged: changed,
        commitSha: remoteHead,
      });
      return {
        message,
        created: applied.created.length,
        updated: applied.updated.length,
        deleted: applied.deleted.length,
        heldBack: theirs.size - holdable.size + applied.heldBack.length,
        commitSha: remoteHead,
      };
    } catch (caught) {
      const error = asHostError(caught, remote);
      if ((await getSyncState(deps.db, project.id)) !== null) {
        await recordFailure(deps, project.id, 'pull', error);
      }
      throw error;
    }
  });
}
