import type { RuntimeName } from '@kiln/shared';

export interface RuntimeDefinition {
  name: RuntimeName;
  /** What people call it, in messages: 'Go', 'Python'. */
  label: string;
  /** The program looked up on PATH. */
  command: string;
  /** Arguments that make it print its version and exit (`go --version` is an error). */
  versionArgs: string[];
  /** How an administrator installs it: a Debian package where Debian has one. */
  install: string;
}

/** Every runtime Kiln looks for, in RUNTIME_NAMES order. Node.js is Kiln's own process. */
export const RUNTIMES: readonly RuntimeDefinition[] = [
  {
    name: 'node',
    label: 'Node.js',
    command: 'node',
    versionArgs: ['--version'],
    install: 'nodejs',
  },
  {
    name: 'python',
    label: 'Python',
    command: 'python3',
    versionArgs: ['--version'],
    install: 'python3',
  },
  { name: 'go', label: 'Go', command: 'go', versionArgs: ['version'], install: 'golang-go' },
  { name: 'ruby', label: 'Ruby', command: 'ruby', versionArgs: ['--version'], install: 'ruby' },
  {
    name: 'bundler',
    label: 'Bundler',
    command: 'bundle',
    versionArgs: ['--version'],
    install: 'ruby-bundler',
  },
  { name: 'rails', label: 'Rails', command: 'rails', versionArgs: ['--version'], install: 'rails' },
  { name: 'php', label: 'PHP', command: 'php', versionArgs: ['--version'], install: 'php-cli' },
  {
    name: 'java',
    label: 'Java',
    command: 'java',
    versionArgs: ['--version'],
    install: 'default-jdk-headless',
  },
  // Neither is packaged by Debian: their own installers put them on PATH.
  {
    name: 'deno',
    label: 'Deno',
    command: 'deno',
    versionArgs: ['--version'],
    install: 'Deno (deno.com)',
  },
  {
    name: 'bun',
    label: 'Bun',
    command: 'bun',
    versionArgs: ['--version'],
    install: 'Bun (bun.sh)',
  },
];

export function runtimeDefinition(name: RuntimeName): RuntimeDefinition {
  const found = RUNTIMES.find((runtime) => runtime.name === name);
  if (!found) throw new Error(`Unknown runtime: ${name}`);
  return found;
}

/**
 * The runtime a language's code needs: a run language (`python`) or a template's catalogue
 * language (`go`). Null for a language Kiln knows no runtime for.
 */
export function runtimeOfLanguage(language: string): RuntimeName | null {
  switch (language) {
    case 'javascript':
    case 'typescript':
      return 'node';
    case 'python':
    case 'go':
    case 'ruby':
    case 'php':
    case 'java':
      return language;
    default:
      return null;
  }
}
