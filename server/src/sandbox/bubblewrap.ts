import { spawn } from 'node:child_process';
import { EXEC_LIMITS, type RunLanguage, type RunLimitHit } from '@kiln/shared';
import {
  BRIDGE_LAUNCHER,
  BRIDGE_LAUNCHER_SOURCE,
  bridgeLauncherCommand,
  bridgeMountArgs,
} from './bridges';
import type { SandboxGroup, SandboxGroups } from './cgroups';
import { openInstalledFolders, type InstalledFolder } from './installed-folders';
import { sandboxLaunch } from './launch';
import { OutputBuffer } from './output-buffer';
import { openBubblewrapSession } from './session';
import { compileFailure, describeRun, looksOutOfMemory, OUTPUT_FLOOD_BYTES } from './outcome';
import { tmpfsBytesFor, writeRunDirectory } from './run-directory';
import { runEnvironment, SANDBOX_HOME, SANDBOX_PROJECT } from './run-environment';
import { isolationArgs } from './system-mounts';
import { TranspileError, TS_RUNNER_SOURCE, transpileTypeScript } from './typescript';
import type { RunOutcome, RunRequest, Sandbox, SessionBridge } from './types';

export interface BubblewrapOptions {
  bwrapPath: string;
  /** Absolute path of the Node binary runs use. */
  nodePath: string;
  /** Absolute path of python3, or null when the machine has none. */
  pythonPath: string | null;
  /** Folders outside /usr the interpreters need (a Node or Python installed under /opt). */
  interpreterDirs: string[];
  /** Where run folders are written on the host. */
  workRoot: string;
  /**
   * The unprivileged user runs start as when Kiln itself runs as root: inside a user
   * namespace, the process limit only holds for a user other than root.
   */
  runAs: { uid: number; gid: number } | null;
  /** Control groups holding each sandbox as a whole, where the machine lets Kiln make them. */
  groups?: SandboxGroups | null;
}

const SUPPORT = '/kiln';
const TS_RUNNER = 'ts-runner.cjs';
const BLOCKING_STDIO = 'blocking-stdio.cjs';
/**
 * Node writes to a full pipe asynchronously, buffering in memory while a synchronous loop keeps
 * printing: a print flood would end as an out-of-memory crash, not at the output limit.
 * Blocking writes let the output limit stop it.
 */
const BLOCKING_STDIO_SOURCE =
  'for (const stream of [process.stdout, process.stderr]) stream._handle?.setBlocking?.(true);\n';
/** Node's own heap stops below the process's data limit, so it fails with a readable message. */
const NODE_HEAP_MB = Math.floor((EXEC_LIMITS.memoryBytes * 0.75) / (1024 * 1024));
/** The first descriptor after stdin, stdout and stderr, where installed folders are passed. */
const FIRST_EXTRA_FD = 3;
/** Exit status 128 + SIGXCPU: the CPU-time limit's soft signal ended the program. */
const CPU_LIMIT_STATUS = 128 + 24;

/**
 * Runs real `node` and `python3` in bubblewrap (decision 0007): no network, a read-only system,
 * the project copied into a size-capped tmpfs home, an environment of the project's own, and
 * rlimits on CPU, memory, processes, file size and open files. A wall-clock timer kills the
 * whole sandbox; output is capped as it arrives.
 */
export function createBubblewrapSandbox(options: BubblewrapOptions): Sandbox {
  const languages: RunLanguage[] = ['javascript', 'typescript'];
  if (options.pythonPath) languages.push('python');
  return {
    backend: 'bubblewrap',
    languages,
    run: (request) => runInBubblewrap(options, request),
    openSession: (request) => openBubblewrapSession(options, request),
  };
}

async function runInBubblewrap(
  options: BubblewrapOptions,
  request: RunRequest,
): Promise<RunOutcome> {
  const started = performance.now();
  let files = request.files;
  if (request.language === 'typescript') {
    try {
      files = await transpileTypeScript(files);
    } catch (error) {
      if (!(error instanceof TranspileError)) throw error;
      return compileFailure(error.message, started);
    }
  }
  // Installed packages (decision 0016) are mounted over the copy; project files under those
  // folders (a committed node_modules) would land on the read-only mount, so they stay out.
  const installed = await openInstalledFolders(request.workspace);
  try {
    const mounted = installed.map((folder) => `${folder.name}/`);
    const copied = files.filter((file) => !mounted.some((prefix) => file.path.startsWith(prefix)));
    const directory = await writeRunDirectory({
      root: options.workRoot,
      files: copied,
      support: {
        ...(request.language === 'python'
          ? {}
          : { [TS_RUNNER]: TS_RUNNER_SOURCE, [BLOCKING_STDIO]: BLOCKING_STDIO_SOURCE }),
        ...(request.bridges?.length ? { [BRIDGE_LAUNCHER]: BRIDGE_LAUNCHER_SOURCE } : {}),
      },
      owner: options.runAs,
    });
    try {
      const args = bubblewrapArgs(options, {
        hostDir: directory.path,
        homeBytes: tmpfsBytesFor(copied) + EXEC_LIMITS.writtenBytes,
        env: request.env,
        installed,
        bridges: request.bridges ?? [],
        command: interpreterCommand(options, request, installed),
      });
      return await spawnSandbox(options, args, started, installed);
    } finally {
      await directory.remove();
    }
  } finally {
    await Promise.all(installed.map((folder) => folder.close()));
  }
}

function interpreterCommand(
  options: BubblewrapOptions,
  request: RunRequest,
  installed: InstalledFolder[],
): string[] {
  const entry = `${SANDBOX_PROJECT}/${request.entry}`;
  const node = [
    options.nodePath,
    `--max-old-space-size=${NODE_HEAP_MB}`,
    '--require',
    `${SUPPORT}/${BLOCKING_STDIO}`,
  ];
  switch (request.language) {
    case 'javascript':
      return [...node, entry];
    case 'typescript':
      return [...node, '--enable-source-maps', `${SUPPORT}/${TS_RUNNER}`, entry];
    case 'python':
      if (!options.pythonPath) throw new Error('python3 is not available');
      // -B: no .pyc files in the user's folder; -s: no user site-packages. With an installed
      // .venv, its own python, which puts the venv's site-packages on the path.
      return [
        installed.find((folder) => folder.python)?.python ?? options.pythonPath,
        '-B',
        '-s',
        entry,
      ];
  }
}

function bubblewrapArgs(
  options: BubblewrapOptions,
  run: {
    hostDir: string;
    homeBytes: number;
    env: Record<string, string>;
    installed: InstalledFolder[];
    bridges: SessionBridge[];
    command: string[];
  },
): string[] {
  const env = runEnvironment(run.env);
  const limits = [
    '/usr/bin/prlimit',
    `--cpu=${EXEC_LIMITS.cpuSeconds}:${EXEC_LIMITS.cpuSeconds + 1}`,
    `--data=${EXEC_LIMITS.memoryBytes}`,
    `--nproc=${EXEC_LIMITS.processes}`,
    `--fsize=${EXEC_LIMITS.writtenBytes}`,
    '--nofile=256',
    '--core=0',
    '--',
  ];
  // The copy into the tmpfs home runs under the same limits as the program.
  const copyThenRun = [
    '/bin/sh',
    '-c',
    `cp -R ${SUPPORT}/project/. ${SANDBOX_PROJECT}/ && exec "$@"`,
    'sh',
  ];
  return [
    options.bwrapPath,
    ...isolationArgs(options.interpreterDirs),
    '--ro-bind',
    run.hostDir,
    SUPPORT,
    // One tmpfs holds the project copy, /tmp and anything written: one budget for all writes.
    '--size',
    String(run.homeBytes),
    '--tmpfs',
    SANDBOX_HOME,
    '--dir',
    SANDBOX_PROJECT,
    '--dir',
    `${SANDBOX_HOME}/tmp`,
    '--symlink',
    `${SANDBOX_HOME}/tmp`,
    '/tmp',
    // Each installed folder is passed as an open descriptor (spawnSandbox), from fd 3 on.
    ...run.installed.flatMap((folder, index) => [
      '--ro-bind-fd',
      String(FIRST_EXTRA_FD + index),
      `${SANDBOX_PROJECT}/${folder.name}`,
    ]),
    ...bridgeMountArgs(run.bridges),
    // The root bwrap builds is a tmpfs of its own, unbounded: read-only, so every write lands
    // in the capped home.
    '--remount-ro',
    '/',
    '--chdir',
    SANDBOX_PROJECT,
    '--clearenv',
    ...Object.entries(env).flatMap(([key, value]) => ['--setenv', key, value]),
    '--',
    ...limits,
    ...copyThenRun,
    ...bridgeLauncherCommand({
      nodePath: options.nodePath,
      supportFolder: SUPPORT,
      bridges: run.bridges,
    }),
    ...run.command,
  ];
}

async function spawnSandbox(
  options: BubblewrapOptions,
  args: string[],
  started: number,
  installed: InstalledFolder[],
): Promise<RunOutcome> {
  const { file, argv, group } = await sandboxLaunch(options.groups, args);
  try {
    return await waitForRun(file, argv, options, started, installed, group);
  } finally {
    await group?.remove();
  }
}

function waitForRun(
  file: string,
  argv: string[],
  options: BubblewrapOptions,
  started: number,
  installed: InstalledFolder[],
  group: SandboxGroup | null,
): Promise<RunOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, {
      stdio: ['ignore', 'pipe', 'pipe', ...installed.map((folder) => folder.fd)],
      detached: true,
      env: {},
      ...(options.runAs ?? {}),
    });
    let stoppedFor: RunLimitHit | null = null;
    const stop = (limit: RunLimitHit) => {
      if (stoppedFor) return;
      stoppedFor = limit;
      try {
        // The process group: the launch (sh, nice, bwrap); the pid namespace dies with bwrap.
        process.kill(-(child.pid ?? 0), 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const output = new OutputBuffer(EXEC_LIMITS.outputBytes, OUTPUT_FLOOD_BYTES, () =>
      stop('output'),
    );
    const timer = setTimeout(() => stop('time'), EXEC_LIMITS.wallMs);
    // Piped above; the extra descriptors make the type lose track of it.
    child.stdout!.on('data', (chunk: Buffer) => output.write('stdout', chunk));
    child.stderr!.on('data', (chunk: Buffer) => output.write('stderr', chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', async (code) => {
      clearTimeout(timer);
      const exitCode = stoppedFor ? null : code;
      let limit: RunLimitHit | null = stoppedFor;
      if (!limit && code === CPU_LIMIT_STATUS) limit = 'cpu';
      if (!limit && code !== 0 && looksOutOfMemory(output)) limit = 'memory';
      // The whole run's memory (its control group) ends a process without a word from it.
      if (!limit && code !== 0 && (await group?.memoryLimitHit())) limit = 'memory';
      resolve(describeRun({ output, exitCode, limit, durationMs: performance.now() - started }));
    });
  });
}
