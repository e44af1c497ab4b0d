import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { newestDebianGoBin } from '../server/src/sandbox/versioned-go';
import {
  allPackages,
  detectSystemProgram,
  detectSystemPrograms,
  installHint,
  INSTALLED_DISTRIBUTIONS_SCRIPT,
  readmeBlock,
  readRequirements,
  SYSTEM_PROGRAMS,
  systemProgram,
  type SystemProgramId,
} from './system-programs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(root, 'scripts/system-programs.mjs');

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function stub(file: string, script: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `#!/bin/sh\n${script}\n`);
  chmodSync(file, 0o755);
}

/** What scripts/installed-distributions.py prints, for a stub Python at `executable`. */
function survey(executable: string, missing: Array<{ requirement: string; installed?: string }>) {
  return JSON.stringify({
    executable,
    version: '3.11.7',
    distributions: [],
    missing: missing.map((item) => ({ neededBy: null, installed: null, ...item })),
  });
}

/** A stub Python that answers installed-distributions.py's question with `answer`. */
function stubPython(file: string, answer: string) {
  stub(file, `echo '${answer}'`);
}

/**
 * A machine of the test's own making: a root for the list's absolute paths and a PATH folder,
 * holding every program of the list (as stubs that print a version) but those left `without`.
 * Its Flask is a `python3` on PATH that says it has the Flask template's requirements.
 */
function fakeMachine(
  options: { without?: SystemProgramId[]; go?: string; python?: 'venv' | 'bare' } = {},
) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-system-programs-'));
  scratch.push(dir);
  const bin = path.join(dir, 'bin');
  mkdirSync(bin);
  const lacks = (id: SystemProgramId) => options.without?.includes(id) ?? false;
  if (!lacks('chromium')) stub(path.join(dir, 'usr/bin/chromium'), 'exit 0');
  if (!lacks('bwrap')) stub(path.join(bin, 'bwrap'), 'exit 0');
  if (!lacks('python3')) {
    stub(path.join(dir, 'usr/bin/python3'), options.python === 'bare' ? 'exit 1' : 'exit 0');
  }
  if (!lacks('flask-wheels')) {
    stubPython(path.join(bin, 'python3'), survey(path.join(bin, 'python3'), []));
  }
  if (!lacks('git')) stub(path.join(bin, 'git'), 'echo "git version 2.39.5"');
  if (!lacks('psql')) stub(path.join(bin, 'psql'), 'echo "psql (PostgreSQL) 15.19"');
  if (!lacks('go')) {
    const version = options.go ?? '1.23.5';
    const minor = version.split('.').slice(0, 2).join('.');
    stub(
      path.join(dir, `usr/lib/go-${minor}/bin/go`),
      `echo "go version go${version} linux/amd64"`,
    );
  }
  if (!lacks('ruby')) stub(path.join(bin, 'ruby'), 'echo "ruby 3.1.2p20 (2022-04-12)"');
  if (!lacks('postgresql')) stub(path.join(bin, 'pg_ctlcluster'), 'exit 0');
  if (!lacks('redis-server')) stub(path.join(bin, 'redis-server'), 'echo "Redis server v=7.0.15"');
  return { root: dir, env: { PATH: bin, HOME: dir } };
}

const reasonsOf = (machine: ReturnType<typeof fakeMachine>) =>
  detectSystemPrograms(machine).flatMap((found) => (found.ok ? [] : [found.reason]));

describe('the system programs of the full suite', () => {
  it('finds every one on a machine that has them all', () => {
    const found = detectSystemPrograms(fakeMachine());
    expect(found.filter((program) => !program.ok)).toEqual([]);
    expect(found.find((program) => program.id === 'go')).toMatchObject({ version: '1.23.5' });
    expect(found.find((program) => program.id === 'flask-wheels')).toMatchObject({
      path: expect.stringMatching(/\/bin\/python3$/) as unknown,
      version: '3.11.7',
    });
  });

  const REASONS: Record<SystemProgramId, string> = {
    chromium: 'Chromium: /usr/bin/chromium not found — apt-get install chromium',
    bwrap: 'bubblewrap: bwrap not found on PATH — apt-get install bubblewrap',
    python3:
      'Python 3 with venv and ensurepip: /usr/bin/python3 not found — apt-get install python3 python3-venv',
    'flask-wheels':
      'Python with Flask: no Python with Flask>=3.1,<4 and pytest>=8 (and what they need) installed among python3, /usr/bin/python3, /usr/local/bin/python3 — python3 -m pip install -r server/templates/python-flask/requirements.txt',
    git: 'Git: git not found on PATH — apt-get install git',
    psql: 'psql: psql not found on PATH — apt-get install postgresql-client',
    go: 'Go: go not found on PATH or in /usr/lib/go-1.NN/bin — apt-get install golang-1.23-go from bookworm-backports',
    ruby: 'Ruby: ruby not found on PATH — apt-get install ruby',
    postgresql: 'PostgreSQL server: pg_ctlcluster not found on PATH — apt-get install postgresql',
    'redis-server': 'Redis server: redis-server not found on PATH — apt-get install redis-server',
  };

  it('lists every program of the list here', () => {
    expect(Object.keys(REASONS).sort()).toEqual(SYSTEM_PROGRAMS.map((p) => p.id).sort());
  });

  it.each(SYSTEM_PROGRAMS.map((program) => program.id))(
    'reports %s missing, with what to install, and nothing else',
    (id) => {
      expect(reasonsOf(fakeMachine({ without: [id] }))).toEqual([REASONS[id]]);
    },
  );

  it('reports a Go older than 1.22 by its version, as Debian 12 has it', () => {
    expect(reasonsOf(fakeMachine({ go: '1.19.8' }))).toEqual([
      'Go: 1.19.8 found, 1.22 needed — apt-get install golang-1.23-go from bookworm-backports',
    ]);
  });

  it('reports a python3 without venv or ensurepip', () => {
    expect(reasonsOf(fakeMachine({ python: 'bare' }))).toEqual([
      'Python 3 with venv and ensurepip: /usr/bin/python3 has no venv or ensurepip module — apt-get install python3 python3-venv',
    ]);
  });

  const flask = () => systemProgram('flask-wheels');

  it('reports a Flask too old for the Flask template, with what each Python looked in lacks', () => {
    const machine = fakeMachine({ without: ['flask-wheels'] });
    const python = path.join(machine.env.PATH, 'python3');
    stubPython(python, survey(python, [{ requirement: 'Flask<4,>=3.1', installed: '2.2.2' }]));
    const found = detectSystemProgram(flask(), machine);
    expect(found).toMatchObject({ ok: false, path: null, reason: REASONS['flask-wheels'] });
    expect(found.details).toEqual([
      `python3 (${python}, Python 3.11.7): Flask<4,>=3.1, 2.2.2 installed`,
      // The fake machine's system Python answers the venv check only.
      '/usr/bin/python3: printed no answer',
      '/usr/local/bin/python3: not found',
    ]);
  });

  it('takes the first Python that has the requirements, in the order installed-wheels.ts tries', () => {
    const machine = fakeMachine({ without: ['flask-wheels'] });
    const onPath = path.join(machine.env.PATH, 'python3');
    stubPython(onPath, survey(onPath, [{ requirement: 'pytest>=8' }]));
    const local = path.join(machine.root, 'usr/local/bin/python3');
    stubPython(local, survey('/usr/local/bin/python3.12', []));
    expect(detectSystemProgram(flask(), machine)).toMatchObject({
      ok: true,
      path: '/usr/local/bin/python3.12',
      version: '3.11.7',
      reason: null,
    });
  });

  it("asks each Python with installed-distributions.py, for the Flask template's requirements", () => {
    const machine = fakeMachine({ without: ['flask-wheels'] });
    const asked = path.join(machine.root, 'asked');
    stub(path.join(machine.env.PATH, 'python3'), `printf '%s\\n' "$@" > '${asked}'; exit 1`);
    detectSystemProgram(flask(), machine);
    const [script, requirements] = readFileSync(asked, 'utf8').trimEnd().split('\n');
    expect(script).toBe(INSTALLED_DISTRIBUTIONS_SCRIPT);
    expect(JSON.parse(requirements!)).toEqual(['Flask>=3.1,<4', 'pytest>=8']);
    expect(readRequirements(flask().detect.requirements!)).toEqual(['Flask>=3.1,<4', 'pytest>=8']);
  });

  // installed-distributions.py itself, run by a real Python (with pip, whose vendored packaging
  // it falls back on), about requirements of the test's own.
  const realPython = ['python3', '/usr/bin/python3'].find(
    (python) => spawnSync(python, ['-c', 'import pip'], { timeout: 60_000 }).status === 0,
  );
  it.skipIf(!realPython)("says whether a real Python has a requirements file's packages", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kiln-requirements-'));
    scratch.push(dir);
    const program = (requirements: string) => {
      writeFileSync(path.join(dir, 'requirements.txt'), requirements);
      return {
        ...flask(),
        detect: { pythons: [realPython!], requirements: path.join(dir, 'requirements.txt') },
      };
    };
    const env = { PATH: process.env.PATH, HOME: process.env.HOME };
    expect(detectSystemProgram(program('pip  # pip is there\n'), { env })).toMatchObject({
      ok: true,
      version: expect.stringMatching(/^3\.\d+\.\d+$/) as unknown,
    });
    const lacking = detectSystemProgram(program('pip\nkiln-no-such-distribution>=1\n'), { env });
    expect(lacking.ok).toBe(false);
    expect(lacking.details).toEqual([
      expect.stringMatching(/: kiln-no-such-distribution>=1, not installed$/),
    ]);
  });

  it("takes Chromium from CHROMIUM_PATH, as the e2e suite's launch does", () => {
    const machine = fakeMachine({ without: ['chromium'] });
    const elsewhere = path.join(machine.root, 'opt/chromium');
    stub(elsewhere, 'exit 0');
    const found = detectSystemPrograms({
      ...machine,
      env: { ...machine.env, CHROMIUM_PATH: elsewhere },
    });
    expect(found.find((program) => program.id === 'chromium')).toMatchObject({
      ok: true,
      path: elsewhere,
    });
    const missing = detectSystemPrograms({
      ...machine,
      env: { ...machine.env, CHROMIUM_PATH: '/nowhere/chromium' },
    });
    expect(missing.find((program) => program.id === 'chromium')?.reason).toBe(
      'Chromium: /nowhere/chromium not found — apt-get install chromium',
    );
  });

  it("prefers Debian's newest versioned Go over the PATH's, as Kiln's runtimes do", () => {
    const machine = fakeMachine({ go: '1.19.8' });
    for (const minor of ['1.9', '1.23']) {
      stub(path.join(machine.root, `usr/lib/go-${minor}/bin/go`), `echo "go version go${minor}"`);
    }
    const goRoot = path.join(machine.root, 'usr/lib');
    expect(newestDebianGoBin(goRoot)).toBe(path.join(goRoot, 'go-1.23/bin'));
    expect(reasonsOf(machine)).toEqual([]);
  });

  it('answers .ci/run with the packages of what a PATH lacks', () => {
    // An empty PATH: whatever this machine has at absolute paths, the PATH's programs are gone.
    const packages = execFileSync(process.execPath, [CLI, 'missing-packages'], {
      encoding: 'utf8',
      env: { PATH: '' },
    })
      .trim()
      .split(' ');
    expect(packages).toEqual(
      expect.arrayContaining(['bubblewrap', 'git', 'postgresql-client', 'ruby', 'redis-server']),
    );
    expect(allPackages()).toEqual(expect.arrayContaining(packages));
  });

  it('gives apt nothing to install for what no Debian package provides, but says how to get it', () => {
    for (const program of SYSTEM_PROGRAMS) {
      if (program.packages.length > 0) {
        expect(installHint(program)).toMatch(/^apt-get install /);
      } else {
        expect(program.install, program.id).toMatch(/^python3 -m pip install /);
        expect(installHint(program)).toBe(program.install);
      }
    }
    expect(allPackages()).not.toContain('');
    const packages = execFileSync(process.execPath, [CLI, 'missing-packages'], {
      encoding: 'utf8',
      env: { PATH: '' },
    });
    expect(packages).not.toMatch(/flask|pip/i);
    expect(readmeBlock()).toContain(
      'Python with Flask is no Debian package, and `.ci/run` does not install it: ' +
        '`python3 -m pip install -r server/templates/python-flask/requirements.txt`',
    );
  });

  it('is what .ci/run installs from', () => {
    const ci = readFileSync(path.join(root, '.ci/run'), 'utf8');
    expect(ci).toContain('node scripts/system-programs.mjs missing-packages');
    expect(ci).not.toMatch(/command -v \S+ .*\|\| need_packages/);
  });
});

describe("the README's install line", () => {
  it('is the list, as `node scripts/system-programs.mjs readme` prints it', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const block =
      /<!-- system-programs:start[^\n]*-->\n\n([\s\S]*?)\n\n<!-- system-programs:end -->/.exec(
        readme,
      )?.[1];
    expect(block, 'README.md has no system-programs block').toBeDefined();
    expect(block).toBe(readmeBlock());
    expect(block).toContain(`apt-get install ${allPackages().join(' ')}\n`);
  });
});
