import type { RuntimeName, RuntimeStatus } from '@kiln/shared';
import { AppError } from '../../lib/app-error';
import { versionAtLeast } from '../../lib/program-lookup.mjs';
import { runtimeDefinition } from './catalog';

/** A runtime some code needs, and the oldest version it works with. */
export interface RuntimeNeed {
  name: RuntimeName;
  /** Dotted, compared number by number: '1.22' accepts 1.22.0 and 1.23, refuses 1.19.8. */
  minimum?: string;
}

export { versionAtLeast };

/**
 * Why a need is not met on this server, in words for the person who pressed Run: which runtime
 * is missing and what the administrator installs. Null when it is met. `purpose` ends the
 * sentence: 'Go files', 'this project'.
 */
export function missingRuntimeMessage(options: {
  runtimes: readonly RuntimeStatus[];
  need: RuntimeNeed;
  purpose?: string;
}): string | null {
  const { need } = options;
  const runtime = runtimeDefinition(need.name);
  const purpose = options.purpose ?? `${runtime.label} files`;
  const found = options.runtimes.find((status) => status.name === need.name);
  if (!found?.available || !found.version) {
    return `${runtime.label} is not installed on this Kiln server: install ${runtime.install} to run ${purpose}.`;
  }
  if (need.minimum && !versionAtLeast(found.version, need.minimum)) {
    // The distribution's package is often what is too old, so it is not named here.
    return `${runtime.label} ${found.version} on this Kiln server is older than the ${need.minimum} needed: install ${runtime.label} ${need.minimum} or newer to run ${purpose}.`;
  }
  return null;
}

/** Throws RUNTIME_MISSING (503) with missingRuntimeMessage's words when a need is not met. */
export function requireRuntime(options: {
  runtimes: readonly RuntimeStatus[];
  need: RuntimeNeed;
  purpose?: string;
}): void {
  const message = missingRuntimeMessage(options);
  if (message) throw new AppError('RUNTIME_MISSING', message);
}

/**
 * The runtime a command's program needs, for commands that start projects (`npm run dev`,
 * `go run .`, `bin/rails server`); null for a program Kiln knows no runtime for (`bash`).
 */
export function runtimeOfCommand(program: string): RuntimeName | null {
  const name = program.split('/').pop() ?? program;
  if (['node', 'npm', 'npx'].includes(name)) return 'node';
  if (/^python3?(\.\d+)?$/.test(name) || ['pip', 'pip3', 'flask'].includes(name)) return 'python';
  if (name === 'go') return 'go';
  if (name === 'bundle') return 'bundler';
  // bin/rails is a Ruby script; the project's Gemfile brings Rails itself.
  if (['ruby', 'rails', 'rake'].includes(name)) return 'ruby';
  if (['php', 'java', 'deno', 'bun'].includes(name)) return name as RuntimeName;
  return null;
}
