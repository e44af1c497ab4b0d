import type { MissingPackage, PackageEcosystem, RunLanguage } from '@kiln/shared';
import type { RunFile } from '../../sandbox/types';

/** How Node (require and import) and Python say a package is not installed. */
const MISSING = [
  /Cannot find (?:module|package) '([^'./][^']*)'/,
  /ModuleNotFoundError: No module named '([^'.]+)/,
];

const ECOSYSTEMS: Record<RunLanguage, PackageEcosystem> = {
  javascript: 'npm',
  typescript: 'npm',
  python: 'python',
};

/** The manifests that may list a language's packages, the one named in hints first. */
const MANIFESTS: Record<PackageEcosystem, string[]> = {
  npm: ['package.json'],
  python: ['requirements.txt', 'pyproject.toml'],
};

/** The package name a bare import names: `@scope/name/sub` → `@scope/name`, `a/b` → `a`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

const textOf = (file: RunFile) =>
  typeof file.content === 'string' ? file.content : file.content.toString();

/** Python names compare without case, `_` and `-` alike (PEP 503). */
const pythonName = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '-');

function listedIn(manifest: RunFile, name: string): boolean {
  const text = textOf(manifest);
  if (manifest.path.endsWith('.json')) {
    try {
      const json = JSON.parse(text) as Record<string, Record<string, unknown> | undefined>;
      return ['dependencies', 'devDependencies'].some((field) => json[field]?.[name] !== undefined);
    } catch {
      return false;
    }
  }
  const wanted = pythonName(name);
  const requirementName = (line: string) =>
    pythonName(
      line
        .trim()
        .replace(/^["']/, '')
        .split(/[\s<>=!~;[,"'@]/)[0] ?? '',
    );
  if (manifest.path.endsWith('.toml')) {
    // A requirement in pyproject.toml is a quoted string: "flask>=3".
    return [...text.matchAll(/["']([A-Za-z0-9][A-Za-z0-9._-]*)[^"'\n]*["']/g)].some(
      (match) => requirementName(match[1] ?? '') === wanted,
    );
  }
  return text.split('\n').some((line) => requirementName(line) === wanted);
}

/**
 * The package a failed run was missing, read from its error: which ecosystem it belongs to,
 * and whether the project's manifest lists it (then installing the project's packages fixes
 * the run). Null for any other failure, or a missing project file (`./util`).
 */
export function findMissingPackage(options: {
  language: RunLanguage;
  error: string | null;
  files: RunFile[];
}): MissingPackage | null {
  const { language, error } = options;
  if (!error) return null;
  const specifier = MISSING.map((pattern) => pattern.exec(error)?.[1]).find(Boolean);
  if (!specifier) return null;
  const name = packageOf(specifier);
  const ecosystem = ECOSYSTEMS[language];
  const candidates = MANIFESTS[ecosystem];
  const present = candidates
    .map((path) => options.files.find((file) => file.path === path))
    .filter((file): file is RunFile => file !== undefined);
  const listing = present.find((file) => listedIn(file, name));
  return {
    name,
    ecosystem,
    manifest: listing?.path ?? present[0]?.path ?? candidates[0]!,
    listed: listing !== undefined,
  };
}

/**
 * The line added to a failed run's error when a package was missing: what is wrong in the
 * user's terms, and that installing the project's packages is the way out (the editor offers
 * it, from the result's `missingPackage`).
 */
export function missingPackageHint(missing: MissingPackage | null): string | null {
  if (!missing) return null;
  if (missing.listed) {
    return `Hint: '${missing.name}' is listed in ${missing.manifest}, but it is not installed: install the project's packages, then run again.`;
  }
  return `Hint: '${missing.name}' is not installed: add it to ${missing.manifest} and install the project's packages, then run again.`;
}
