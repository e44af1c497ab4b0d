import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isExecutableFile } from '../lib/executable-file';

/**
 * Where Debian puts its versioned Go packages: golang-1.23-go installs /usr/lib/go-1.23/bin/go
 * and links nothing into /usr/bin, where `go` is golang-go's (Go 1.19 on Debian 12).
 */
export const DEBIAN_GO_ROOT = '/usr/lib';

/** The folders of the system's own programs, where Debian's default `go` is linked. */
const SYSTEM_FOLDERS = ['/usr/sbin', '/usr/bin', '/sbin', '/bin'];

/**
 * The bin folder of the newest Go under `root` installed as a versioned Debian package
 * (`go-1.NN/bin/go`, newest by number, so 1.23 beats 1.9), or null when there is none.
 */
export function newestDebianGoBin(root = DEBIAN_GO_ROOT): string | null {
  let entries: string[];
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

let found: string | null | undefined;

/**
 * newestDebianGoBin of this machine, looked for once per process (runs ask for their PATH every
 * time): a Go installed later is found at the next start, as the runtimes are.
 */
export function debianGoBin(): string | null {
  if (found === undefined) found = newestDebianGoBin();
  return found;
}

/**
 * A search path (written as PATH is) with Debian's newest versioned Go ahead of the system's
 * own folders, so it wins over Debian's default `go` in /usr/bin, while a Go an administrator
 * put in /usr/local/bin (or earlier on PATH) still comes first. Unchanged without one.
 */
export function withDebianGo(searchPath: string, goBin: string | null): string {
  if (!goBin) return searchPath;
  const folders = searchPath.split(path.delimiter).filter((folder) => folder !== goBin);
  const system = folders.findIndex((folder) => SYSTEM_FOLDERS.includes(folder));
  folders.splice(system === -1 ? folders.length : system, 0, goBin);
  return folders.filter(Boolean).join(path.delimiter);
}
