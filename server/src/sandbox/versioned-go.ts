import { newestVersionedGoBin, withVersionedGo } from '../lib/program-lookup.mjs';

/**
 * Where Debian puts its versioned Go packages: golang-1.23-go installs /usr/lib/go-1.23/bin/go
 * and links nothing into /usr/bin, where `go` is golang-go's (Go 1.19 on Debian 12).
 */
export const DEBIAN_GO_ROOT = '/usr/lib';

/**
 * The bin folder of the newest Go under `root` installed as a versioned Debian package
 * (`go-1.NN/bin/go`, newest by number, so 1.23 beats 1.9), or null when there is none.
 */
export function newestDebianGoBin(root = DEBIAN_GO_ROOT): string | null {
  return newestVersionedGoBin(root);
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
export const withDebianGo: (searchPath: string, goBin: string | null) => string = withVersionedGo;
