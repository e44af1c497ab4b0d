import type { EcosystemManifest } from './manifests';

/** One installer to run. */
export interface InstallCommand {
  /** What it is called in messages: `npm ci`, `pip install`. */
  name: string;
  /** The line announcing it in the output, when the command does not print its own. */
  banner: string | null;
  command: string[];
}

/**
 * npm with a lockfile installs exactly it (`npm ci`); without one, `npm install` resolves and
 * writes one. Scripts, the registry and the cache come from the bridge's environment.
 */
export function npmCommand(manifest: EcosystemManifest, mode: 'ci' | 'install'): InstallCommand {
  const verb = mode === 'ci' && manifest.lockfile ? 'ci' : 'install';
  return { name: `npm ${verb}`, banner: `$ npm ${verb}\n`, command: ['npm', verb] };
}

/** Reads `[project] dependencies` of pyproject.toml, one requirement a line (Python 3.11+). */
const PYPROJECT_REQUIREMENTS = `import tomllib
with open('pyproject.toml', 'rb') as source:
    project = tomllib.load(source).get('project', {})
print('\\n'.join(project.get('dependencies', [])))
`;

/**
 * pip into the project's own virtual environment (`.venv`, made with the system's python3 the
 * first time), wheels only: no package code runs while installing. `fresh` starts the
 * environment over, dropping packages no longer listed.
 */
export function pythonCommand(manifest: EcosystemManifest, fresh: boolean): InstallCommand {
  const lines = [
    'set -e',
    'command -v python3 >/dev/null || { echo "kiln: python3 is not installed on this server" >&2; exit 127; }',
    ...(fresh ? ['rm -rf .venv'] : []),
    'if [ ! -x .venv/bin/python ]; then',
    '  echo "$ python3 -m venv .venv"',
    '  python3 -m venv .venv',
    'fi',
  ];
  const pip = '.venv/bin/python -m pip install --only-binary=:all: --no-cache-dir';
  if (manifest.manifest === 'pyproject.toml') {
    lines.push(
      `.venv/bin/python -c ${shellQuote(PYPROJECT_REQUIREMENTS)} > /tmp/kiln-requirements.txt`,
      'echo "$ pip install <the dependencies of pyproject.toml>"',
      `exec ${pip} -r /tmp/kiln-requirements.txt`,
    );
  } else {
    lines.push(
      `echo "$ pip install -r ${manifest.manifest}"`,
      `exec ${pip} -r ${manifest.manifest}`,
    );
  }
  return { name: 'pip install', banner: null, command: ['/bin/sh', '-c', lines.join('\n')] };
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
