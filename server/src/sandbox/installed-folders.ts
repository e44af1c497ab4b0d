import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import path from 'node:path';
import { SANDBOX_PROJECT } from './run-environment';

/** A folder of installed packages in a project's workspace, open for a run to mount. */
export interface InstalledFolder {
  name: string;
  /** Open on the folder itself: what bubblewrap mounts, whatever the path points to later. */
  fd: number;
  /** For a virtual environment with an interpreter: its python, as the run sees it. */
  python: string | null;
  close(): Promise<void>;
}

/** What installs leave in a workspace (decision 0016), mounted read-only into runs. */
const INSTALLED = ['node_modules', '.venv'];

/**
 * Opens the installed folders of a workspace. Programs in the sandbox write the workspace, so
 * either name could be a link to anywhere by now: each is opened without following links, and
 * the run mounts the open folder, never the path, so it cannot be swapped in between.
 */
export async function openInstalledFolders(
  workspace: string | undefined,
): Promise<InstalledFolder[]> {
  if (!workspace) return [];
  const opened: InstalledFolder[] = [];
  for (const name of INSTALLED) {
    let handle;
    try {
      handle = await open(
        path.join(workspace, name),
        constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW,
      );
    } catch {
      continue;
    }
    const fd = handle.fd;
    const hasPython =
      name === '.venv' &&
      (await lstat(`/proc/self/fd/${fd}/bin/python`).then(
        () => true,
        () => false,
      ));
    opened.push({
      name,
      fd,
      python: hasPython ? `${SANDBOX_PROJECT}/${name}/bin/python` : null,
      close: () => handle.close(),
    });
  }
  return opened;
}
