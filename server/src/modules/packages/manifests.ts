import { createHash } from 'node:crypto';
import type { PackageEcosystem } from '@kiln/shared';

/** What one ecosystem installs from, and where it installs to. */
export interface EcosystemManifest {
  ecosystem: PackageEcosystem;
  manifest: string;
  lockfile: string | null;
  folder: string;
}

/** The manifests Kiln looks for, at the project's top level. */
export const MANIFEST_FILES = [
  'package.json',
  'npm-shrinkwrap.json',
  'package-lock.json',
  'requirements.txt',
  'pyproject.toml',
] as const;

export const INSTALL_FOLDERS: Record<PackageEcosystem, string> = {
  npm: 'node_modules',
  python: '.venv',
};

/**
 * Whether a pyproject.toml lists dependencies under `[project]`: many hold only tool settings
 * (a formatter's), and those are not a reason to make a virtual environment.
 */
export function pyprojectListsDependencies(text: string): boolean {
  const table = /^\[project\][^\S\n]*(?:#.*)?$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(text);
  return table !== null && /^\s*dependencies\s*=/m.test(table[1] ?? '');
}

/**
 * The ecosystems a project's top-level files ask for (`read` answers a file's text, or null
 * when it is absent). npm reads npm-shrinkwrap.json before package-lock.json; requirements.txt
 * is preferred to pyproject.toml, being what people pin an app's packages in.
 */
export async function detectManifests(
  read: (name: string) => Promise<string | null>,
): Promise<EcosystemManifest[]> {
  const found: EcosystemManifest[] = [];
  if ((await read('package.json')) !== null) {
    const lockfile =
      (await read('npm-shrinkwrap.json')) !== null
        ? 'npm-shrinkwrap.json'
        : (await read('package-lock.json')) !== null
          ? 'package-lock.json'
          : null;
    found.push({
      ecosystem: 'npm',
      manifest: 'package.json',
      lockfile,
      folder: INSTALL_FOLDERS.npm,
    });
  }
  if ((await read('requirements.txt')) !== null) {
    found.push({
      ecosystem: 'python',
      manifest: 'requirements.txt',
      lockfile: null,
      folder: INSTALL_FOLDERS.python,
    });
  } else {
    const pyproject = await read('pyproject.toml');
    if (pyproject !== null && pyprojectListsDependencies(pyproject)) {
      found.push({
        ecosystem: 'python',
        manifest: 'pyproject.toml',
        lockfile: null,
        folder: INSTALL_FOLDERS.python,
      });
    }
  }
  return found;
}

/**
 * The hash an install records: of the manifest and lockfile it installed from. The same text
 * read from the workspace or from the database hashes the same.
 */
export async function manifestHash(
  manifest: EcosystemManifest,
  read: (name: string) => Promise<string | null>,
): Promise<string> {
  const hash = createHash('sha256');
  for (const name of [manifest.manifest, manifest.lockfile]) {
    if (name === null) continue;
    hash.update(`${name}\0${(await read(name)) ?? ''}\0`);
  }
  return hash.digest('hex');
}
