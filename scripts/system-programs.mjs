// The system programs the full test suite uses (system-programs.json), how to tell whether this
// machine has each, and the Debian packages that provide them (or, for the few apt has not, what
// to run instead). Plain JavaScript with no dependencies: .ci/run asks it what to install before
// `npm install` has run.
//
//   node scripts/system-programs.mjs                   what this machine has and lacks
//   node scripts/system-programs.mjs missing-packages  the packages to install, on one line
//   node scripts/system-programs.mjs missing-suites    the apt suites those need (backports)
//   node scripts/system-programs.mjs readme            the README's block (checked by a test)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  isExecutableFile,
  newestVersionedGoBin,
  versionAtLeast,
  withVersionedGo,
} from '../server/src/lib/program-lookup.mjs';

/** @type {{ programs: import('./system-programs.d.mts').SystemProgram[] }} */
const data = JSON.parse(readFileSync(new URL('./system-programs.json', import.meta.url), 'utf8'));

export const SYSTEM_PROGRAMS = data.programs;

/** The repository, which the list's `requirements` files are relative to. */
const REPOSITORY = fileURLToPath(new URL('..', import.meta.url));

/**
 * The Python script that says what a Python has installed of some requirements, as JSON; the
 * wheels of the tests are rebuilt from its answer (server/src/test/installed-wheels.ts).
 */
export const INSTALLED_DISTRIBUTIONS_SCRIPT = fileURLToPath(
  new URL('./installed-distributions.py', import.meta.url),
);

/** The requirement lines of a requirements file (relative to the repository), as pip reads them. */
export function readRequirements(file) {
  return readFileSync(path.resolve(REPOSITORY, file), 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);
}

function findOnPath(command, searchPath) {
  for (const dir of searchPath.split(path.delimiter)) {
    if (dir && isExecutableFile(path.join(dir, command))) return path.join(dir, command);
  }
  return null;
}

/**
 * What to run to get a program: `apt-get install golang-1.23-go from bookworm-backports`, or the
 * list's own `install` for one no Debian package provides.
 */
export function installHint(program) {
  if (program.packages.length === 0) return program.install;
  const from = program.suite ? ` from ${program.suite}` : '';
  return `apt-get install ${program.packages.join(' ')}${from}`;
}

/**
 * Looks for one program as the tests would use it. `env` gives PATH (and CHROMIUM_PATH);
 * `root` is where absolute paths of the list are looked for, so a test can hand in a machine of
 * its own making. Never throws.
 */
export function detectSystemProgram(program, options = {}) {
  const env = options.env ?? process.env;
  const root = options.root ?? '/';
  const { detect } = program;
  const outcome = (found, version, problem, details) => ({
    id: program.id,
    label: program.label,
    ok: problem === null,
    path: found,
    version,
    problem,
    reason: problem === null ? null : `${program.label}: ${problem} — ${installHint(program)}`,
    ...(details ? { details } : {}),
  });

  if (detect.pythons) return detectPythonWith(detect, env, root, outcome);

  if (detect.file) {
    const file = (detect.fileFrom && env[detect.fileFrom]) || path.join(root, detect.file);
    const shown = detect.fileFrom && env[detect.fileFrom] ? file : detect.file;
    return isExecutableFile(file)
      ? outcome(file, null, null)
      : outcome(null, null, `${shown} not found`);
  }

  const searchPath = detect.versionedGo
    ? withVersionedGo(env.PATH ?? '', newestVersionedGoBin(path.join(root, detect.versionedGo)))
    : (env.PATH ?? '');
  const found = detect.command.includes('/')
    ? isExecutableFile(path.join(root, detect.command))
      ? path.join(root, detect.command)
      : null
    : findOnPath(detect.command, searchPath);
  if (!found) {
    const where = detect.command.includes('/')
      ? `${detect.command} not found`
      : `${detect.command} not found on PATH${detect.versionedGo ? ` or in ${detect.versionedGo}/go-1.NN/bin` : ''}`;
    return outcome(null, null, where);
  }
  const run = (args) =>
    spawnSync(found, args, {
      encoding: 'utf8',
      timeout: 10_000,
      env: { PATH: searchPath, HOME: env.HOME ?? '/tmp', LANG: 'C.UTF-8' },
    });
  if (detect.check) {
    const checked = run(detect.check);
    if (checked.status !== 0) {
      const problem = detect.checkFails ?? `${detect.command} ${detect.check.join(' ')} failed`;
      return outcome(found, null, problem);
    }
  }
  if (!detect.versionArgs) return outcome(found, null, null);
  const answer = run(detect.versionArgs);
  const version = /(\d+\.\d+(?:\.\d+)?)/.exec(`${answer.stdout ?? ''}${answer.stderr ?? ''}`)?.[1];
  if (answer.status !== 0 || !version) {
    return outcome(found, null, `${found} ${detect.versionArgs.join(' ')} printed no version`);
  }
  if (detect.minimum && !versionAtLeast(version, detect.minimum)) {
    return outcome(found, version, `${version} found, ${detect.minimum} needed`);
  }
  return outcome(found, version, null);
}

/** Where a program of the list is: on PATH, or an absolute path under `root`; null if not there. */
function locate(command, searchPath, root) {
  if (!command.includes('/')) return findOnPath(command, searchPath);
  const file = path.join(root, command);
  return isExecutableFile(file) ? file : null;
}

/** What one Python has installed of `requirements` (installed-distributions.py), or why not. */
function surveyPython(python, requirements, env) {
  const answer = spawnSync(python, [INSTALLED_DISTRIBUTIONS_SCRIPT, JSON.stringify(requirements)], {
    encoding: 'utf8',
    // pyenv's shim has been seen to take seconds on a busy machine; installed-wheels waits as long.
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...env, LANG: 'C.UTF-8' },
  });
  if (answer.error) return answer.error.message;
  const said = (answer.stderr ?? '').trim().split('\n').pop();
  if (answer.status !== 0) return `exited with ${answer.status ?? answer.signal}: ${said}`;
  try {
    return JSON.parse(answer.stdout);
  } catch {
    return `printed no answer${said ? `: ${said}` : ''}`;
  }
}

/**
 * The first of `detect.pythons` that has everything `detect.requirements` names, at the versions
 * it names, and what those depend on; as installed-wheels.ts picks the Python it rebuilds wheels
 * from, with the same script. `details` says what each Python looked in lacks.
 */
function detectPythonWith(detect, env, root, outcome) {
  const requirements = readRequirements(detect.requirements);
  const details = [];
  for (const python of detect.pythons) {
    const found = locate(python, env.PATH ?? '', root);
    if (!found) {
      details.push(`${python}: not found${python.includes('/') ? '' : ' on PATH'}`);
      continue;
    }
    const survey = surveyPython(found, requirements, env);
    if (typeof survey === 'string') {
      details.push(`${python}: ${survey}`);
      continue;
    }
    if (survey.missing.length > 0) {
      const what = survey.missing.map(
        (item) =>
          `${item.requirement}${item.neededBy ? ` (for ${item.neededBy})` : ''}` +
          (item.installed ? `, ${item.installed} installed` : ', not installed'),
      );
      details.push(
        `${python} (${survey.executable}, Python ${survey.version}): ${what.join('; ')}`,
      );
      continue;
    }
    return outcome(survey.executable, survey.version, null);
  }
  const problem =
    `no Python with ${requirements.join(' and ')} (and what they need) installed among ` +
    detect.pythons.join(', ');
  return outcome(null, null, problem, details);
}

export function detectSystemPrograms(options = {}) {
  return SYSTEM_PROGRAMS.map((program) => detectSystemProgram(program, options));
}

export function systemProgram(id) {
  const program = SYSTEM_PROGRAMS.find((candidate) => candidate.id === id);
  if (!program) throw new Error(`No system program "${id}" in scripts/system-programs.json`);
  return program;
}

/** Every package of the list, each once, in the list's order. */
export function allPackages() {
  return [...new Set(SYSTEM_PROGRAMS.flatMap((program) => program.packages))];
}

/** How a program is looked for, in words: '`bwrap` on PATH'. */
function detectedAs(program) {
  const { detect } = program;
  if (detect.pythons) {
    const pythons = detect.pythons.map(
      (python) => `\`${python}\`${python.includes('/') ? '' : ' on PATH'}`,
    );
    const among = `${pythons.slice(0, -1).join(', ')} or ${pythons.at(-1)}`;
    return `${program.label}, the first of ${among} that has the packages of \`${detect.requirements}\` installed`;
  }
  if (detect.file) {
    const other = detect.fileFrom ? ` (or \`${detect.fileFrom}\`)` : '';
    return `${program.label} at \`${detect.file}\`${other}`;
  }
  const version = detect.minimum ? ` ${detect.minimum} or newer` : '';
  const where = detect.command.includes('/')
    ? `\`${detect.command}\``
    : `\`${detect.command}\` on PATH${detect.versionedGo ? ` or in \`${detect.versionedGo}/go-1.NN/bin\`` : ''}`;
  return `${program.label}${version}, ${where}`;
}

/** The README's block: the one install line, then what each program is for. */
export function readmeBlock() {
  const suites = SYSTEM_PROGRAMS.filter((program) => program.suite);
  const notFromApt = SYSTEM_PROGRAMS.filter((program) => program.packages.length === 0);
  const lines = [
    '```sh',
    `apt-get install ${allPackages().join(' ')}`,
    '```',
    '',
    ...suites.map(
      (program) =>
        `${program.packages.join(' ')} comes from ${program.suite}: add that suite to apt's ` +
        'sources first (`.ci/run` does).',
    ),
    ...notFromApt.map(
      (program) =>
        `${program.label} is no Debian package, and \`.ci/run\` does not install it: ` +
        `\`${program.install}\`, from PyPI or a mirror this machine can reach.`,
    ),
    '',
    ...SYSTEM_PROGRAMS.map((program) => {
      const only = program.scope === 'database-pass' ? ' Only for the second pass below.' : '';
      const packages = program.packages.map((name) => `\`${name}\``).join(', ');
      const from = packages ? `from ${packages}` : `not from apt but \`${program.install}\``;
      return `- ${detectedAs(program)}, ${from}: ${program.usedBy}.${only}`;
    }),
  ];
  return lines.join('\n');
}

function main(command) {
  const detections = detectSystemPrograms();
  const missing = SYSTEM_PROGRAMS.filter((_, index) => !detections[index].ok);
  switch (command) {
    case 'missing-packages':
      // Those with no Debian package (packages: []) are not apt's to install: none is printed.
      console.log([...new Set(missing.flatMap((program) => program.packages))].join(' '));
      return 0;
    case 'missing-suites':
      console.log([...new Set(missing.flatMap((program) => program.suite ?? []))].join(' '));
      return 0;
    case 'readme':
      console.log(readmeBlock());
      return 0;
    case undefined:
    case 'status':
      for (const detection of detections) {
        const what = detection.ok
          ? `found ${detection.path}${detection.version ? ` (${detection.version})` : ''}`
          : detection.reason;
        console.log(`${detection.id.padEnd(13)} ${what}`);
        for (const detail of detection.details ?? []) console.log(`${''.padEnd(15)}${detail}`);
      }
      return 0;
    default:
      console.error(`Unknown command ${command}: missing-packages, missing-suites, readme, status`);
      return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv[2]);
}
