import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { zipSync } from 'fflate';
import {
  INSTALLED_DISTRIBUTIONS_SCRIPT,
  systemProgram,
} from '../../../scripts/system-programs.mjs';
import { startWheelIndex } from './wheel-index';

/**
 * Real wheels for tests that install real Python packages (Flask and what it needs) where PyPI
 * is out of reach: each is rebuilt from a distribution installed in a Python of this machine,
 * its files as `importlib.metadata` lists them (the RECORD pip wrote), with its own METADATA,
 * WHEEL tags (a compiled one keeps its platform tag: MarkupSafe's speedups are
 * `cp311-cp311-manylinux…`) and a fresh RECORD. Console scripts are left out: pip makes them
 * again from entry_points.txt.
 */

/**
 * Pythons looked in, in order, as the list of system programs looks for one with the Flask
 * template's requirements (`flask-wheels`); a setting names another first.
 */
const PYTHONS = systemProgram('flask-wheels').detect.pythons ?? [];

/** One installed distribution, as scripts/installed-distributions.py describes it. */
interface InstalledDistribution {
  name: string;
  version: string;
  /** The .dist-info folder's name, kept in the wheel. */
  distInfo: string;
  /** From its WHEEL file, or worked out when it has none. */
  tags: string[];
  purelib: boolean;
  /** Paths inside the wheel (relative to site-packages), with where each is on disk. */
  files: Array<{ path: string; absolute: string }>;
}

interface Survey {
  executable: string;
  version: string;
  distributions: InstalledDistribution[];
  /** Requirements no installed distribution meets: absent, or another version. */
  missing: Array<{ requirement: string; neededBy: string | null; installed: string | null }>;
}

/**
 * What `python` has installed of `requirements` and their dependencies (markers evaluated for
 * this Python, no extras), from scripts/installed-distributions.py: the script the list of system
 * programs asks too, so a Python it finds with the requirements is the one wheels come from.
 */
function survey(python: string, requirements: string[]): Promise<Survey | string> {
  return new Promise((resolve) => {
    execFile(
      python,
      [INSTALLED_DISTRIBUTIONS_SCRIPT, JSON.stringify(requirements)],
      { encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) resolve(`${python}: ${(stderr || error.message).trim().split('\n').pop()}`);
        else resolve(JSON.parse(stdout) as Survey);
      },
    );
  });
}

/** A wheel file name's compressed tag set: `cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64`. */
function compressedTags(tags: string[]): string {
  const column = (index: number) =>
    [...new Set(tags.map((tag) => tag.split('-')[index]!))].join('.');
  return `${column(0)}-${column(1)}-${column(2)}`;
}

const recordHash = (bytes: Uint8Array) =>
  `sha256=${createHash('sha256').update(bytes).digest('base64url')}`;

/** One installed distribution as a wheel: its files, its dist-info, and a RECORD of them all. */
async function wheelOf(
  dist: InstalledDistribution,
): Promise<{ name: string; filename: string; bytes: Uint8Array }> {
  // A distribution a system package manager installed may list no files (no RECORD).
  if (!dist.distInfo || dist.files.length === 0) {
    throw new Error(`${dist.name} ${dist.version} lists no files in a .dist-info RECORD`);
  }
  const entries: Record<string, Uint8Array> = {};
  for (const file of dist.files) entries[file.path] = await readFile(file.absolute);
  const wheelFile = `${dist.distInfo}/WHEEL`;
  entries[wheelFile] ??= Buffer.from(
    [
      'Wheel-Version: 1.0',
      'Generator: kiln-test',
      `Root-Is-Purelib: ${dist.purelib}`,
      ...dist.tags.map((tag) => `Tag: ${tag}`),
      '',
    ].join('\n'),
  );
  const recordFile = `${dist.distInfo}/RECORD`;
  const record = Object.entries(entries)
    .map(([name, bytes]) => `${name},${recordHash(bytes)},${bytes.length}`)
    .concat(`${recordFile},,`)
    .join('\n');
  entries[recordFile] = Buffer.from(`${record}\n`);
  const stem = `${dist.name.toLowerCase().replace(/[-_.]+/g, '_')}-${dist.version}`;
  return {
    name: dist.name,
    filename: `${stem}-${compressedTags(dist.tags)}.whl`,
    bytes: zipSync(entries),
  };
}

/**
 * Wheels of the distributions that meet `requirements` (requirement lines: `Flask>=3.1,<4`)
 * and of everything they depend on, from the first Python in `pythons` that has them all.
 * Throws, naming what to install, when none has.
 */
export async function buildInstalledWheels(
  requirements: string[],
  options: { pythons?: string[] } = {},
): Promise<{
  python: { executable: string; version: string };
  wheels: Array<{ name: string; filename: string; bytes: Uint8Array }>;
}> {
  const pythons = [...new Set([...(options.pythons ?? []), ...PYTHONS])];
  const lacks: string[] = [];
  for (const python of pythons) {
    const found = await survey(python, requirements);
    if (typeof found === 'string') {
      lacks.push(found);
      continue;
    }
    if (found.missing.length > 0) {
      const what = found.missing.map(
        (item) =>
          `${item.requirement}${item.neededBy ? ` (for ${item.neededBy})` : ''}` +
          (item.installed ? `, ${item.installed} installed` : ', not installed'),
      );
      lacks.push(`${python} (${found.executable}, Python ${found.version}): ${what.join('; ')}`);
      continue;
    }
    return {
      python: { executable: found.executable, version: found.version },
      wheels: await Promise.all(found.distributions.map(wheelOf)),
    };
  }
  const install = requirements.map((requirement) => `'${requirement}'`).join(' ');
  throw new Error(
    `No Python on this machine has ${requirements.join(', ')} and what they need installed, ` +
      `which these tests rebuild as wheels (PyPI is out of reach). Install them into one, for ` +
      `example: python3 -m pip install ${install}. Looked in:\n  ${lacks.join('\n  ')}`,
  );
}

export interface InstalledWheelIndex {
  /** The PEP 503 index, with a trailing slash, as PIP_INDEX_URL. */
  url: string;
  /** The wheels it serves, by file name. */
  wheels: string[];
  /** The Python whose installed distributions they were built from. */
  python: { executable: string; version: string };
  /** Every path requested so far. */
  readonly requests: string[];
  close(): Promise<void>;
}

/**
 * A local package index (test/wheel-index.ts) serving wheels of `requirements` and their
 * dependencies, rebuilt from a Python of this machine (buildInstalledWheels). Rejects, naming
 * what to install, when no Python here has them.
 */
export async function startInstalledWheelIndex(
  requirements: string[],
  options: { pythons?: string[] } = {},
): Promise<InstalledWheelIndex> {
  const built = await buildInstalledWheels(requirements, options);
  const index = await startWheelIndex();
  for (const wheel of built.wheels) index.addBuiltWheel(wheel.name, wheel.filename, wheel.bytes);
  return {
    url: index.url,
    wheels: built.wheels.map((wheel) => wheel.filename),
    python: built.python,
    requests: index.requests,
    close: () => index.close(),
  };
}
