import { DEV_SERVER_PORT, RUN_SETTINGS_PATH, RunSettingsSchema } from '@kiln/shared';
import { SANDBOX_PROJECT } from '../../sandbox/run-environment';
import type { RuntimeNeed } from '../runtimes';

/** What Run starts for a project, and what must be installed first. */
export interface DevCommand {
  /** The program and its arguments, run in the project's folder. */
  argv: string[];
  /** As a person would type it, for the status and the log. */
  display: string;
  /** The port the preview shows, when the project's setting names one. */
  port?: number;
  /** The runtime Kiln checks before it starts, where the project names a minimum (go.mod). */
  runtime?: RuntimeNeed;
}

/** Reads a project file's text (the database's, as the editor shows it), or null when absent. */
export type ProjectFileReader = (path: string) => Promise<string | null>;

export class UndetectableCommandError extends Error {}

export const NO_COMMAND =
  'Kiln cannot tell how to start this project: it has no package.json with a "dev" or "start" ' +
  `script, no Flask app.py, no Django manage.py and no Go main. Add ${RUN_SETTINGS_PATH} with ` +
  '{ "command": "<the command that starts your app>" } and press Run app again.';

/** A project that is a plain web page: the preview shows its files, no server is needed. */
export const STATIC_SITE =
  'This project is a static site: it has an index.html and no server to start, so the Preview ' +
  'panel shows its files as they are, with no Run app needed. To start a server of your own, ' +
  `add ${RUN_SETTINGS_PATH} with { "command": "<the command that starts your app>" }.`;

/**
 * Why a Ruby project (a Gemfile) does not start: Kiln's installs reach npm and PyPI only
 * (decision 0016), so `bundle install` cannot fetch its gems, and Rails 8 needs a newer Ruby
 * than Debian 12's 3.1.
 */
export function rubyAppMessage(gemfile: string): string {
  const rails = /^\s*gem\s+["']rails["'](?:\s*,\s*["'][~>=\s]*(\d+))?/m.exec(gemfile);
  const what = rails ? 'a Ruby on Rails app' : 'a Ruby app (it has a Gemfile)';
  const ruby = rails && Number(rails[1]) >= 8 ? 'Ruby 3.2 or newer (Rails 8 needs it)' : 'Ruby';
  const start = rails ? '`bin/rails server`' : 'its start command';
  return (
    `This is ${what}, and Kiln cannot start Ruby apps yet: its gems come from RubyGems, which ` +
    "Kiln's package installs do not reach (they reach npm and PyPI only), so `bundle install` " +
    `cannot run here. Run it on a machine with ${ruby} and Bundler: \`bundle install\`, then ` +
    `${start}.`
  );
}

const PYTHON = 'python3';
/**
 * `go run .` without the compiler's debugging data (DWARF) and the linker's symbol table: an app
 * may write no file over 10 MB (DEV_SERVER_LIMITS.fileBytes), and Go 1.23 compiles its own
 * `runtime` package into a 12.8 MB archive with DWARF, 8.5 MB without; the linked program
 * shrinks too. Panics still print their stack traces.
 */
const GO_RUN = ['go', 'run', '-gcflags=all=-dwarf=false', '-ldflags=-s', '.'];
/** A Vite dev server listens on localhost:5173 unless told; Kiln asks for its port and host. */
const VITE_ARGS = ['--host', '127.0.0.1', '--port', String(DEV_SERVER_PORT), '--strictPort'];

/**
 * The command that starts the project's app, in this order: the project's own setting
 * (`.kiln/run.json`), package.json's `dev` then `start` script, a Django manage.py, a Flask
 * app.py, a Go main package. A Ruby app (a Gemfile) and a static site are refused with what
 * they need instead.
 */
export async function detectDevCommand(
  read: ProjectFileReader,
  options: { hasVenv: boolean },
): Promise<DevCommand> {
  const python = options.hasVenv ? `${SANDBOX_PROJECT}/.venv/bin/python` : PYTHON;
  const settings = await read(RUN_SETTINGS_PATH);
  if (settings !== null) return commandFromSettings(settings);

  const manifest = await read('package.json');
  if (manifest !== null) {
    const scripts = packageScripts(manifest);
    for (const name of ['dev', 'start'] as const) {
      const script = scripts[name];
      if (!script) continue;
      const argv = name === 'dev' ? ['npm', 'run', 'dev'] : ['npm', 'start'];
      // Arguments after `--` reach the script's program; only Vite needs to be told.
      if (/^vite(\s|$)/.test(script.trim())) argv.push('--', ...VITE_ARGS);
      return { argv, display: argv.join(' ') };
    }
  }

  if ((await read('manage.py')) !== null) {
    const argv = [python, 'manage.py', 'runserver', `127.0.0.1:${DEV_SERVER_PORT}`];
    return { argv, display: `python manage.py runserver` };
  }
  const app = await read('app.py');
  if (app !== null && /\bflask\b/i.test(app)) {
    const argv = [
      python,
      '-m',
      'flask',
      '--app',
      'app',
      'run',
      '--debug',
      '--host',
      '127.0.0.1',
      '--port',
      String(DEV_SERVER_PORT),
    ];
    return { argv, display: 'python -m flask --app app run --debug' };
  }
  const main = await read('main.go');
  const goMod = await read('go.mod');
  if (goMod !== null && main !== null && /^package main\b/m.test(main)) {
    return { argv: GO_RUN, display: GO_RUN.join(' '), runtime: goNeed(goMod) };
  }
  const gemfile = await read('Gemfile');
  if (gemfile !== null) throw new UndetectableCommandError(rubyAppMessage(gemfile));
  if (manifest === null && (await read('index.html')) !== null) {
    throw new UndetectableCommandError(STATIC_SITE);
  }
  throw new UndetectableCommandError(NO_COMMAND);
}

/**
 * The Go a module needs: its go.mod's `go` line is the oldest Go that builds it (an older Go
 * fails on whatever newer API the code uses, and only then notes the version it needed).
 */
export function goNeed(goMod: string): RuntimeNeed {
  const minimum = /^go\s+(\d+\.\d+(?:\.\d+)?)\s*$/m.exec(goMod)?.[1];
  return minimum ? { name: 'go', minimum } : { name: 'go' };
}

function commandFromSettings(text: string): DevCommand {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UndetectableCommandError(`${RUN_SETTINGS_PATH} is not valid JSON.`);
  }
  const settings = RunSettingsSchema.safeParse(parsed);
  if (!settings.success) {
    throw new UndetectableCommandError(
      `${RUN_SETTINGS_PATH} must hold { "command": "<the command that starts your app>" }, and ` +
        'may add "port": <the port to show>.',
    );
  }
  const { command, port } = settings.data;
  return { argv: ['/bin/sh', '-c', command], display: command, ...(port ? { port } : {}) };
}

function packageScripts(text: string): Partial<Record<'dev' | 'start', string>> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || !('scripts' in parsed)) return {};
    const { scripts } = parsed;
    if (typeof scripts !== 'object' || scripts === null) return {};
    const pick = (name: string) => {
      const value: unknown = (scripts as Record<string, unknown>)[name];
      return typeof value === 'string' && value.trim() !== '' ? value : undefined;
    };
    return { dev: pick('dev'), start: pick('start') };
  } catch {
    return {};
  }
}
