import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { chown, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Manifests and lockfiles larger than this are not read (a lockfile of a huge app is ~5 MB). */
const MAX_TEXT_BYTES = 32 * 1024 * 1024;

/**
 * A top-level file of a workspace as text, or null when it is absent, not a plain file, or too
 * large. Programs in the sandbox write the workspace, so a symbolic link there must never make
 * the server read a file of its own: it is not followed.
 */
export async function readWorkspaceText(folder: string, name: string): Promise<string | null> {
  let handle;
  try {
    handle = await open(path.join(folder, name), constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return null;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size > MAX_TEXT_BYTES) return null;
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * Replaces a top-level file of a workspace: written to a new file (never through a link someone
 * placed there), given to the workspace's owner so the sandbox can change it again, and renamed
 * over the old one.
 */
export async function replaceWorkspaceText(
  folder: string,
  name: string,
  text: string,
): Promise<void> {
  const staged = path.join(folder, `.${name}.${randomBytes(6).toString('hex')}.kiln`);
  const handle = await open(staged, 'wx', 0o644);
  try {
    await handle.writeFile(text);
  } finally {
    await handle.close();
  }
  try {
    const owner = await stat(folder);
    if (process.getuid?.() === 0) await chown(staged, owner.uid, owner.gid);
    await rename(staged, path.join(folder, name));
  } catch (error) {
    await rm(staged, { force: true });
    throw error;
  }
}
