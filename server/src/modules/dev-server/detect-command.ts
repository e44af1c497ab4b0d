import { DEV_SERVER_PORT, RUN_SETTINGS_PATH, RunSettingsSchema } from '@kiln/shared';
import { SANDBOX_PROJECT } from '../../sandbox/run-environment';

/** What Run starts for a project, and what must be installed first. */
export interface DevCommand {
  /** The program and its arguments, run in the project's folder. */
  argv: string[];
  /** As a person would type it, for the status and the log. */
  display: string;
  /** The port the preview shows, when the project's setting names one. */
  port?: number;
}

/** Reads a project file's text (the database's, as the editor shows it), or null when absent. */
export type ProjectFileReader = (path: string) => Promise<string | null>;

export class UndetectableCommandError extends Error {}

export const NO_COMMAND =
  'Kiln cannot tell how to start this project: it has no package.json with a "dev" or "start" ' +
  `script, no Flask app.py, no Django manage.py and no Go main. Add ${RUN_SETTINGS_PATH} with ` +
  '{ "command": "<the command that starts your app>" } and press Run again.';

const PYTHON = 'python3';
/** A Vite dev server listens on localhost:5173 unless told; Kiln asks for its port and host. */
const VITE_ARGS = ['--host', '127.0.0.1', '--port', String(DEV_SERVER_PORT), '--strictPort'];

/**
 * The command that starts the project's app, in this order: the project's own setting
 * (`.kiln/run.json`), package.json's `dev` then `start` script, a Django manage.py, a Flask
 * app.py, a Go main package.
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
  if ((await read('go.mod')) !== null && main !== null && /^package main\b/m.test(main)) {
    return { argv: ['go', 'run', '.'], display: 'go run .' };
  }
  throw new UndetectableCommandError(NO_COMMAND);
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
