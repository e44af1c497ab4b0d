import { spawnSync } from 'node:child_process';
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createBubblewrapSandbox, type BubblewrapOptions } from './bubblewrap';
import {
  openSandboxGroups,
  SANDBOX_GROUP_LIMITS,
  thisMachinesCgroupLayout,
  type SandboxGroups,
} from './cgroups';
import { createQuickJsSandbox } from './quickjs';
import type { RunLanguage } from '@kiln/shared';
import type { Sandbox } from './types';

export type SandboxPreference = 'auto' | 'bubblewrap' | 'quickjs';

export interface SandboxSettings {
  preference: SandboxPreference;
  /** The Python to run, looked up on PATH. */
  pythonCommand: string;
  /** Runs kept in memory for reuse by the QuickJS backend. */
  maxIdleWorkers: number;
  /** False: no control groups even where they could be made (SANDBOX_CGROUPS=off). */
  cgroups?: boolean;
  /** Memory of one sandbox as a whole, where control groups hold it. */
  groupMemoryBytes?: number;
}

export interface ManagedSandbox extends Sandbox {
  close(): Promise<void>;
}

/** The user a root server drops to for runs: nobody. */
const UNPRIVILEGED = { uid: 65534, gid: 65534 };

/**
 * Who runs sandboxed programs on the host: nobody when Kiln runs as root, else Kiln's own user
 * (null). Folders a sandbox writes in must belong to it.
 */
export function sandboxUser(): { uid: number; gid: number } | null {
  return process.getuid?.() === 0 ? UNPRIVILEGED : null;
}

function findOnPath(command: string): string | null {
  if (command.includes('/')) return command;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return null;
}

/** The folder a binary is installed under, when it is outside /usr and must be mounted. */
function installDirOutsideUsr(binary: string, prefix: string): string[] {
  return binary.startsWith('/usr/') ? [] : [prefix];
}

/**
 * Whether a user other than the owner can reach and run `file`: a root server's runs start as
 * nobody, who cannot mount what sits under /root (a pyenv Python, say).
 */
function reachableByOthers(file: string): boolean {
  let current = path.dirname(file);
  while (current !== path.dirname(current)) {
    if ((statSync(current).mode & 0o001) === 0) return false;
    current = path.dirname(current);
  }
  return (statSync(file).mode & 0o005) === 0o005;
}

/** The real python3 behind a command (a pyenv shim is a script), and where it is installed. */
function probePython(command: string): { path: string; prefix: string } | null {
  const found = findOnPath(command);
  if (!found) return null;
  const probe = spawnSync(
    found,
    ['-c', 'import sys; print(sys.executable); print(sys.base_prefix)'],
    {
      encoding: 'utf8',
      timeout: 10_000,
    },
  );
  const [executable, prefix] = probe.stdout?.trim().split('\n') ?? [];
  if (probe.status !== 0 || !executable || !prefix) return null;
  return { path: realpathSync(executable), prefix };
}

/** The configured Python, or the system's when a root server's runs could not reach it. */
function findPython(
  command: string,
  dropsPrivileges: boolean,
): { path: string; prefix: string } | null {
  const candidates = [command, ...(command === 'python3' ? ['/usr/bin/python3'] : [])];
  for (const candidate of candidates) {
    const python = probePython(candidate);
    if (python && (!dropsPrivileges || reachableByOthers(python.path))) return python;
  }
  return null;
}

export function bubblewrapOptions(settings: SandboxSettings): BubblewrapOptions | null {
  const bwrapPath = findOnPath('bwrap');
  if (!bwrapPath) return null;
  const nodePath = realpathSync(process.execPath);
  const runAs = sandboxUser();
  const python = findPython(settings.pythonCommand, runAs !== null);
  return {
    bwrapPath,
    nodePath,
    pythonPath: python?.path ?? null,
    interpreterDirs: [
      ...installDirOutsideUsr(nodePath, path.dirname(path.dirname(nodePath))),
      ...(python ? installDirOutsideUsr(python.path, python.prefix) : []),
    ],
    workRoot: path.join(os.tmpdir(), 'kiln-runs'),
    runAs,
  };
}

const SELF_TEST: Record<RunLanguage, { entry: string; code: string }> = {
  javascript: { entry: 'check.js', code: "console.log('kiln sandbox ok')" },
  typescript: {
    entry: 'check.ts',
    code: "const word: string = 'kiln sandbox ok'; console.log(word)",
  },
  python: { entry: 'check.py', code: "print('kiln sandbox ok')" },
};

/** Runs a one-line program in each language; answers the languages that printed their line. */
async function workingLanguages(
  sandbox: Sandbox,
): Promise<{ languages: RunLanguage[]; problem?: string }> {
  const languages: RunLanguage[] = [];
  let problem: string | undefined;
  for (const language of sandbox.languages) {
    const { entry, code } = SELF_TEST[language];
    try {
      const outcome = await sandbox.run({
        language,
        entry,
        files: [{ path: entry, content: code }],
        env: {},
      });
      if (outcome.output === 'kiln sandbox ok\n' && outcome.exitCode === 0)
        languages.push(language);
      else problem ??= `${language}: ${outcome.error ?? outcome.output}`;
    } catch (error) {
      problem ??= `${language}: ${(error as Error).message}`;
    }
  }
  return { languages, problem };
}

type Probe =
  | { backend: 'bubblewrap'; options: BubblewrapOptions; languages: RunLanguage[] }
  | { backend: 'quickjs'; languages: RunLanguage[] };

/** The self-test runs once per process and settings; apps built later reuse its verdict. */
const probes = new Map<string, Promise<Probe>>();

async function probe(settings: SandboxSettings, log: FastifyBaseLogger): Promise<Probe> {
  if (settings.preference !== 'quickjs') {
    const options = bubblewrapOptions(settings);
    let problem = 'bwrap was not found on PATH (install the bubblewrap package)';
    if (options) {
      const tested = await workingLanguages(createBubblewrapSandbox(options));
      if (tested.languages.includes('javascript')) {
        if (!options.pythonPath) {
          log.warn(`${settings.pythonCommand} was not found: Python files cannot run`);
        } else if (!tested.languages.includes('python')) {
          log.warn({ problem: tested.problem }, 'Python failed its sandbox self-test');
        }
        log.info({ languages: tested.languages }, 'running code in bubblewrap');
        return { backend: 'bubblewrap', options, languages: tested.languages };
      }
      problem = tested.problem ?? 'the self-test printed nothing';
    }
    if (settings.preference === 'bubblewrap') {
      throw new Error(`SANDBOX=bubblewrap, but bubblewrap cannot run code here: ${problem}`);
    }
    log.warn(
      { problem },
      'bubblewrap is not usable: JavaScript runs in QuickJS, Python is unavailable',
    );
  }
  const quickjs = createQuickJsSandbox({ maxIdleWorkers: 1 });
  const tested = await workingLanguages(quickjs);
  await quickjs.close();
  if (tested.languages.includes('javascript')) log.info('running JavaScript in QuickJS');
  else log.error({ problem: tested.problem }, 'QuickJS failed its self-test: code cannot run');
  return { backend: 'quickjs', languages: tested.languages };
}

/**
 * Control groups for the sandboxes (cgroups.ts) when this machine lets Kiln make them; without,
 * each process of a sandbox is still held by its rlimits, and the server says what it lacks.
 */
async function confinement(
  options: BubblewrapOptions,
  log: FastifyBaseLogger,
  memoryBytes: number = SANDBOX_GROUP_LIMITS.memoryBytes,
): Promise<SandboxGroups | null> {
  const found = thisMachinesCgroupLayout();
  const limits = { memoryBytes, tasks: SANDBOX_GROUP_LIMITS.tasks };
  const groups =
    'layout' in found
      ? await openSandboxGroups({ layout: found.layout, runAs: options.runAs, limits })
      : found;
  if ('problem' in groups) {
    log.warn(
      { problem: groups.problem },
      'sandboxes are not confined by control groups: a sandbox’s memory and CPU are limited per process only',
    );
    return null;
  }
  log.info('each sandbox is confined by control groups (cpu, memory, pids)');
  return groups;
}

/**
 * Chooses how user code runs (decision 0007) by a self-test at start-up: bubblewrap when it can
 * run a program here, else QuickJS. `SANDBOX=bubblewrap` refuses to start without it.
 */
export async function createSandbox(
  settings: SandboxSettings,
  log: FastifyBaseLogger,
): Promise<ManagedSandbox> {
  const key = JSON.stringify([settings.preference, settings.pythonCommand]);
  let verdict = probes.get(key);
  if (!verdict) {
    verdict = probe(settings, log);
    probes.set(key, verdict);
    verdict.catch(() => probes.delete(key));
  }
  const found = await verdict;
  // Each app gets its own instance (QuickJS keeps worker threads); languages are the verdict's.
  if (found.backend === 'bubblewrap') {
    const groups =
      settings.cgroups === false
        ? null
        : await confinement(found.options, log, settings.groupMemoryBytes);
    return {
      ...createBubblewrapSandbox({ ...found.options, groups }),
      languages: found.languages,
      confinement: groups ? 'cgroups' : 'per-process',
      close: async () => groups?.close(),
    };
  }
  return {
    ...createQuickJsSandbox({ maxIdleWorkers: settings.maxIdleWorkers }),
    languages: found.languages,
  };
}
