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

/**
 * What every sandbox shares, runs and sessions alike: its own namespaces (no network, no new
 * user namespaces), an unprivileged user, a new session, the read-only system, /proc and /dev.
 */
export function isolationArgs(interpreterDirs: string[]): string[] {
  return [
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--uid',
    '1000',
    '--gid',
    '1000',
    '--hostname',
    'kiln',
    '--die-with-parent',
    '--new-session',
    ...systemMounts(interpreterDirs),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
  ];
}
