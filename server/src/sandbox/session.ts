import { spawn } from 'node:child_process';
import type { BubblewrapOptions } from './bubblewrap';
import { sandboxLaunch } from './launch';
import { bridgeLauncherCommand, bridgeMountArgs } from './bridges';
import { SESSION_SUPPORT, writeSessionSupport } from './session-support';
import { SANDBOX_HOME, SANDBOX_PROJECT } from './run-environment';
import { isolationArgs } from './system-mounts';
import type { SandboxSession, SessionRequest } from './types';

/**
 * Starts a long-lived program (an install, a shell) in bubblewrap over a project's workspace
 * (decision 0016). Unlike a run, the workspace folder is mounted read-write, so what the program
 * writes there stays; the rest of the home and /tmp are a size-capped tmpfs that vanishes with
 * it. The network is as closed as a run's, except for the bridges: each is a Unix socket of
 * Kiln's on the host that programs inside reach as `127.0.0.1:<port>`, the only way out.
 */
export async function openBubblewrapSession(
  options: BubblewrapOptions,
  request: SessionRequest,
): Promise<SandboxSession> {
  const support = await writeSessionSupport(options.workRoot);
  const { limits } = request;
  const prlimit = [
    '/usr/bin/prlimit',
    `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 1}`,
    `--data=${limits.memoryBytes}`,
    `--nproc=${limits.processes}`,
    `--fsize=${limits.fileBytes}`,
    `--nofile=${limits.openFiles}`,
    '--core=0',
    '--',
  ];
  const launcher = request.commandOpensBridges
    ? []
    : bridgeLauncherCommand({
        nodePath: options.nodePath,
        supportFolder: SESSION_SUPPORT,
        bridges: request.bridges,
      });
  const args = [
    options.bwrapPath,
    ...isolationArgs(options.interpreterDirs),
    '--ro-bind',
    support,
    SESSION_SUPPORT,
    ...bridgeMountArgs(request.bridges),
    ...(request.mounts ?? []).flatMap((mount) => ['--ro-bind', mount.host, mount.inside]),
    '--size',
    String(request.scratchBytes),
    '--tmpfs',
    SANDBOX_HOME,
    '--bind',
    request.workspace,
    SANDBOX_PROJECT,
    ...(request.hidden ?? []).flatMap((folder) => hideArgs(`${SANDBOX_PROJECT}/${folder}`)),
    '--dir',
    `${SANDBOX_HOME}/tmp`,
    '--symlink',
    `${SANDBOX_HOME}/tmp`,
    '/tmp',
    '--remount-ro',
    '/',
    '--chdir',
    SANDBOX_PROJECT,
    '--clearenv',
    ...Object.entries(request.env).flatMap(([key, value]) => ['--setenv', key, value]),
    '--',
    ...prlimit,
    ...launcher,
    ...request.command,
  ];
  const { file, argv, group } = await sandboxLaunch(options.groups, args);
  const child = spawn(file, argv, {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
    env: {},
    ...(options.runAs ?? {}),
  });
  // Whatever ended it, what is left in its group goes with the group.
  if (group) child.once('close', () => void group.remove());
  return {
    child,
    kill: () => {
      try {
        // The process group: the launch (sh, nice, bwrap); the pid namespace dies with bwrap.
        process.kill(-(child.pid ?? 0), 'SIGKILL');
      } catch {
        // Already gone.
      }
    },
  };
}

/**
 * An empty, read-only tmpfs over a folder of the workspace. It goes after the workspace's bind:
 * bwrap mounts in order. The smallest size, since zero would mean no limit.
 */
function hideArgs(inside: string): string[] {
  return ['--size', '4096', '--tmpfs', inside, '--remount-ro', inside];
}
