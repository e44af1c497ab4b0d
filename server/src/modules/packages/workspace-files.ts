import { stat } from 'node:fs/promises';
import { RootedFolder } from '../../lib/rooted-folder';

/** Manifests and lockfiles larger than this are not read (a lockfile of a huge app is ~5 MB). */
const MAX_TEXT_BYTES = 32 * 1024 * 1024;

/**
 * A file of a workspace as text, or null when it is absent, not a plain file, or too large.
 * Programs in the sandbox write the workspace, so a link there is never followed.
 */
export async function readWorkspaceText(folder: string, name: string): Promise<string | null> {
  const outcome = await RootedFolder.with(folder, (rooted) =>
    rooted.readFile(name, MAX_TEXT_BYTES),
  );
  return outcome.kind === 'file' ? outcome.bytes.toString('utf8') : null;
}

/**
 * Replaces a file of a workspace: written to a new file (never through a link someone placed
 * there), given to the workspace's owner so the sandbox can change it again, and renamed over
 * the old one.
 */
export async function replaceWorkspaceText(
  folder: string,
  name: string,
  text: string,
): Promise<void> {
  const workspace = await stat(folder);
  const owner = process.getuid?.() === 0 ? { uid: workspace.uid, gid: workspace.gid } : null;
  await RootedFolder.with(folder, (rooted) =>
    rooted.writeFile(name, Buffer.from(text, 'utf8'), { owner }),
  );
}
