// Types of system-programs.mjs, for the TypeScript that imports it (server tests, e2e).

export type SystemProgramId =
  | 'chromium'
  | 'bwrap'
  | 'python3'
  | 'flask-wheels'
  | 'git'
  | 'psql'
  | 'go'
  | 'ruby'
  | 'postgresql'
  | 'redis-server';

export interface SystemProgram {
  id: SystemProgramId;
  /** What people call it, in reasons: 'Go', 'bubblewrap'. */
  label: string;
  detect: {
    /** An executable file at this absolute path, or at the path `fileFrom` names when set. */
    file?: string;
    fileFrom?: string;
    /** A program on PATH, or at an absolute path. */
    command?: string;
    /** Arguments it must exit 0 with (Python's modules); `checkFails` says what is wrong else. */
    check?: string[];
    checkFails?: string;
    /** Arguments that make it print its version; with `minimum`, the oldest that will do. */
    versionArgs?: string[];
    minimum?: string;
    /** Where Debian's versioned Go packages live (go-1.NN/bin), searched ahead of /usr/bin. */
    versionedGo?: string;
    /**
     * Pythons (on PATH, or absolute paths), the first of which that has everything the
     * `requirements` file (relative to the repository) names installed is the one found.
     */
    pythons?: string[];
    requirements?: string;
  };
  /** The Debian packages that provide it; none for what apt has not (then `install` says how). */
  packages: string[];
  /** What to run to get it when no Debian package provides it. */
  install?: string;
  /** The apt suite they come from, when not the release's own (bookworm-backports). */
  suite?: string;
  /** What needs it, and why. */
  usedBy: string;
  /** `every`: the default run; `database-pass`: only the TEST_DATABASE_URL/TEST_REDIS_URL pass. */
  scope: 'every' | 'database-pass';
}

export interface SystemProgramDetection {
  id: SystemProgramId;
  label: string;
  ok: boolean;
  /** Where it was found. */
  path: string | null;
  version: string | null;
  /** What is wrong: 'bwrap not found on PATH', '1.19.8 found, 1.22 needed'. */
  problem: string | null;
  /** The problem with the program's name and what to install, for a skipped test's summary. */
  reason: string | null;
  /** When missing, what each place looked in lacks (the Pythons of `pythons`). */
  details?: string[];
}

export interface DetectOptions {
  /** PATH (and CHROMIUM_PATH) come from here; default process.env. */
  env?: Record<string, string | undefined>;
  /** Where the list's absolute paths are looked for; default '/'. */
  root?: string;
}

export const SYSTEM_PROGRAMS: readonly SystemProgram[];
/** The script that prints what a Python has installed of some requirements, as JSON. */
export const INSTALLED_DISTRIBUTIONS_SCRIPT: string;
export function readRequirements(file: string): string[];
export function detectSystemProgram(
  program: SystemProgram,
  options?: DetectOptions,
): SystemProgramDetection;
export function detectSystemPrograms(options?: DetectOptions): SystemProgramDetection[];
export function systemProgram(id: SystemProgramId): SystemProgram;
export function installHint(program: SystemProgram): string;
export function allPackages(): string[];
export function readmeBlock(): string;
