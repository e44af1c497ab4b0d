import { chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunFile } from './types';

const PAGE = 4096;

/** tmpfs stores every file in whole pages; a copy of the project needs this much of it. */
export function tmpfsBytesFor(files: RunFile[]): number {
  const folders = new Set(files.map((file) => path.posix.dirname(file.path)));
  const pages = files.reduce(
    (total, file) => total + Math.ceil(Buffer.byteLength(file.content) / PAGE),
    folders.size,
  );
  return pages * PAGE;
}

export interface RunDirectory {
  /** Host folder holding `project/` (the files to copy in) and any runner support files. */
  path: string;
  remove(): Promise<void>;
}

/**
 * Writes a run's files to a fresh host folder that only the sandbox's user can open. The
 * sandbox sees it read-only and copies the project into its own size-capped tmpfs, so nothing
 * the program writes ever lands on the host's disk.
 */
export async function writeRunDirectory(options: {
  root: string;
  files: RunFile[];
  support: Record<string, string>;
  owner: { uid: number; gid: number } | null;
}): Promise<RunDirectory> {
  await mkdir(options.root, { recursive: true, mode: 0o711 });
  const dir = await mkdtemp(path.join(options.root, 'run-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const project = path.join(dir, 'project');
    const folders = new Set(
      options.files.map((file) => path.dirname(path.join(project, file.path))),
    );
    folders.add(project);
    for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true, mode: 0o755 });
    await Promise.all([
      ...options.files.map((file) =>
        writeFile(path.join(project, file.path), file.content, { mode: 0o644 }),
      ),
      ...Object.entries(options.support).map(([name, content]) =>
        writeFile(path.join(dir, name), content, { mode: 0o644 }),
      ),
    ]);
    if (options.owner) await chown(dir, options.owner.uid, options.owner.gid);
    return { path: dir, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
