// Finding programs and comparing their versions, in plain JavaScript: the server uses it, and so
// does scripts/system-programs.mjs, which runs with plain node before `npm install` (in .ci/run).
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The folders of the system's own programs, where Debian's default `go` is linked. */
const SYSTEM_FOLDERS = ['/usr/sbin', '/usr/bin', '/sbin', '/bin'];

/** Whether `file` is a regular file this process may execute. */
export function isExecutableFile(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The bin folder of the newest Go under `root` installed as a versioned Debian package
 * (`go-1.NN/bin/go`, newest by number, so 1.23 beats 1.9), or null when there is none.
 */
export function newestVersionedGoBin(root) {
  let entries;
  try {
    entries = readdirSync(root);
  } catch {
    return null;
  }
  const versions = entries.flatMap((name) => {
    const match = /^go-(\d+)\.(\d+)$/.exec(name);
    const bin = path.join(root, name, 'bin');
    if (!match || !isExecutableFile(path.join(bin, 'go'))) return [];
    return [{ bin, major: Number(match[1]), minor: Number(match[2]) }];
  });
  versions.sort((a, b) => b.major - a.major || b.minor - a.minor);
  return versions[0]?.bin ?? null;
}

/**
 * A search path (written as PATH is) with `goBin` ahead of the system's own folders, so it wins
 * over Debian's default `go` in /usr/bin, while a Go an administrator put in /usr/local/bin (or
 * earlier on PATH) still comes first. Unchanged without one.
 */
export function withVersionedGo(searchPath, goBin) {
  if (!goBin) return searchPath;
  const folders = searchPath.split(path.delimiter).filter((folder) => folder !== goBin);
  const system = folders.findIndex((folder) => SYSTEM_FOLDERS.includes(folder));
  folders.splice(system === -1 ? folders.length : system, 0, goBin);
  return folders.filter(Boolean).join(path.delimiter);
}

/** Whether `version` is `minimum` or newer, comparing each dotted number as a number. */
export function versionAtLeast(version, minimum) {
  const have = version.split('.').map(Number);
  const want = minimum.split('.').map(Number);
  for (let index = 0; index < want.length; index += 1) {
    const a = have[index] ?? 0;
    const b = want[index] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}
