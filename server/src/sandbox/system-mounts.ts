import { existsSync, lstatSync, readlinkSync } from 'node:fs';

/** Non-secret files from /etc that make dynamic linking fast and time zones right. */
const ETC_FILES = ['/etc/ld.so.cache', '/etc/localtime', '/etc/alternatives'];

/** Mounts for the system: /usr read-only, and /bin, /lib... as the host has them. */
export function systemMounts(interpreterDirs: string[]): string[] {
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const top of ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']) {
    if (!existsSync(top)) continue;
    if (lstatSync(top).isSymbolicLink()) args.push('--symlink', readlinkSync(top), top);
    else args.push('--ro-bind', top, top);
  }
  for (const file of ETC_FILES) args.push('--ro-bind-try', file, file);
  for (const dir of interpreterDirs) args.push('--ro-bind', dir, dir);
  return args;
}
