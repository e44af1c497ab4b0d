import { createHash } from 'node:crypto';
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BRIDGE_LAUNCHER, BRIDGE_LAUNCHER_SOURCE } from './bridges';

/** Where the session's support files appear inside the sandbox, read-only. */
export const SESSION_SUPPORT = '/kiln';

/** Other support programs, by file name; a session's command refers to them under /kiln. */
const extraSupport = new Map<string, string>();

/** Adds a support program (a pty relay, say) that every later session can run from /kiln. */
export function registerSessionSupport(name: string, source: string): void {
  extraSupport.set(name, source);
}

const written = new Map<string, Promise<string>>();

/**
 * Writes the support files once per content into a folder every sandbox user can read (and none
 * can write), and
 * answers its host path. The folder's name is the content's hash, so a changed program is a
 * new folder and a running session never sees its files change.
 */
export function writeSessionSupport(workRoot: string): Promise<string> {
  const files: Record<string, string> = {
    [BRIDGE_LAUNCHER]: BRIDGE_LAUNCHER_SOURCE,
    ...Object.fromEntries(extraSupport),
  };
  const hash = createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 16);
  const folder = path.join(workRoot, `session-support-${hash}`);
  let done = written.get(folder);
  if (!done) {
    done = (async () => {
      await mkdir(workRoot, { recursive: true, mode: 0o711 });
      // Written aside and renamed, so two servers sharing the folder never read half a file.
      const staging = `${folder}.${process.pid}.tmp`;
      await mkdir(staging, { recursive: true, mode: 0o755 });
      for (const [name, source] of Object.entries(files)) {
        await writeFile(path.join(staging, name), source, { mode: 0o644 });
      }
      await chmod(staging, 0o755);
      await rename(staging, folder).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      });
      return folder;
    })();
    written.set(folder, done);
    done.catch(() => written.delete(folder));
  }
  return done;
}
