import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { RuntimeName, RuntimeStatus } from '@kiln/shared';
import { debianGoBin, withDebianGo } from '../../sandbox/versioned-go';
import { RUNTIMES, type RuntimeDefinition } from './catalog';
import { isExecutableFile } from '../../lib/executable-file';

/**
 * How long one `--version` may take; a runtime slower than this is reported missing. Generous:
 * a version manager's shim (pyenv's is a shell script) starts slowly on a busy host, and a
 * runtime reported missing refuses every run that needs it.
 */
export const VERSION_TIMEOUT_MS = 10_000;

export interface DetectRuntimesOptions {
  /**
   * The folders searched, written as PATH is; by default the server's own PATH with Debian's
   * newest versioned Go ahead of the system's folders, as the sandbox's PATH has it.
   */
  searchPath?: string;
  /** Programs to ask instead of the catalogue's, by runtime: Python is `EXEC_PYTHON`. */
  commands?: Partial<Record<RuntimeName, string>>;
  timeoutMs?: number;
}

function findOnPath(command: string, searchPath: string): string | null {
  if (command.includes('/')) return isExecutableFile(command) ? command : null;
  for (const dir of searchPath.split(path.delimiter)) {
    if (dir && isExecutableFile(path.join(dir, command))) return path.join(dir, command);
  }
  return null;
}

/** The first dotted number a version line holds: 'go version go1.22.1 linux/amd64' → '1.22.1'. */
export function versionIn(text: string): string | null {
  return /(\d+\.\d+(?:\.\d+)?)/.exec(text)?.[1] ?? null;
}

/**
 * Asks one program its version. Only PATH, HOME and LANG reach it: nothing of the server's
 * settings is any business of a version probe. A program that fails, hangs past the timeout or
 * prints no version is reported missing, since runs could not rely on it either.
 */
function probeRuntime(
  runtime: RuntimeDefinition,
  binary: string,
  options: { searchPath: string; timeoutMs: number },
): Promise<RuntimeStatus> {
  return new Promise((resolve) => {
    execFile(
      binary,
      runtime.versionArgs,
      {
        timeout: options.timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: 64 * 1024,
        encoding: 'utf8',
        env: { PATH: options.searchPath, HOME: os.homedir(), LANG: 'C.UTF-8' },
      },
      (error, stdout, stderr) => {
        // Older Java prints its version to standard error.
        const version = error ? null : versionIn(stdout || stderr);
        resolve({ name: runtime.name, available: version !== null, version });
      },
    );
  });
}

/**
 * Looks for every runtime of the catalogue at once: found on the search path, then asked for
 * its version. Node.js is the server's own process, so it is always there. Never rejects.
 */
export async function detectRuntimes(
  options: DetectRuntimesOptions = {},
): Promise<RuntimeStatus[]> {
  // The sandbox's self-test reads PATH the same way (sandbox/create-sandbox.ts); runs find a
  // versioned Go of Debian's (golang-1.23-go) before /usr/bin's (sandbox/run-environment.ts).
  const searchPath = options.searchPath ?? withDebianGo(process.env.PATH ?? '', debianGoBin());
  const timeoutMs = options.timeoutMs ?? VERSION_TIMEOUT_MS;
  return Promise.all(
    RUNTIMES.map(async (runtime): Promise<RuntimeStatus> => {
      if (runtime.name === 'node') {
        return { name: 'node', available: true, version: process.versions.node };
      }
      const binary = findOnPath(options.commands?.[runtime.name] ?? runtime.command, searchPath);
      if (!binary) return { name: runtime.name, available: false, version: null };
      return probeRuntime(runtime, binary, { searchPath, timeoutMs });
    }),
  );
}

const detections = new Map<string, Promise<RuntimeStatus[]>>();

/**
 * The runtimes of this server, looked for once per process and search path: every app built
 * later (tests build many) reuses the answer, and a runtime installed afterwards shows up at
 * the next start.
 */
export function runtimesOfThisServer(
  options: DetectRuntimesOptions = {},
): Promise<RuntimeStatus[]> {
  const key = JSON.stringify([options.searchPath ?? null, options.commands ?? {}]);
  let found = detections.get(key);
  if (!found) {
    found = detectRuntimes(options);
    detections.set(key, found);
  }
  return found;
}
