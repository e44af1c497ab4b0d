import type { RunLanguage } from '@kiln/shared';
import type { RunFile } from '../../sandbox/types';

/** How Node (require and import) and Python say a package is not installed. */
const MISSING = [
  /Cannot find (?:module|package) '([^'./][^']*)'/,
  /ModuleNotFoundError: No module named '([^'.]+)/,
];

const MANIFESTS: Record<RunLanguage, string> = {
  javascript: 'package.json',
  typescript: 'package.json',
  python: 'requirements.txt',
};

/** The package name a bare import names: `@scope/name/sub` → `@scope/name`, `a/b` → `a`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function listedIn(manifest: RunFile | undefined, name: string): boolean {
  if (!manifest) return false;
  const text =
    typeof manifest.content === 'string' ? manifest.content : manifest.content.toString();
  if (manifest.path.endsWith('.json')) {
    try {
      const json = JSON.parse(text) as Record<string, Record<string, unknown> | undefined>;
      return ['dependencies', 'devDependencies'].some((field) => json[field]?.[name] !== undefined);
    } catch {
      return false;
    }
  }
  const wanted = name.toLowerCase().replace(/_/g, '-');
  return text.split('\n').some(
    (line) =>
      line
        .trim()
        .toLowerCase()
        .replace(/_/g, '-')
        .split(/[\s<>=!~;[]/)[0] === wanted,
  );
}

/**
 * Runs have the language's standard library and the project's own files; packages are not
 * installed. When a run fails on a missing package, this says so in the user's terms, and
 * whether the project's manifest lists it, instead of leaving a bare import error.
 */
export function missingPackageHint(options: {
  language: RunLanguage;
  error: string | null;
  files: RunFile[];
}): string | null {
  const { language, error } = options;
  if (!error) return null;
  const specifier = MISSING.map((pattern) => pattern.exec(error)?.[1]).find(Boolean);
  if (!specifier) return null;
  const name = packageOf(specifier);
  const manifestName = MANIFESTS[language];
  const manifest = options.files.find((file) => file.path === manifestName);
  const listed = listedIn(manifest, name) ? ` '${name}' is listed in ${manifestName}, but` : '';
  const runtime =
    language === 'python'
      ? "Python's standard library"
      : "Node's built-in modules and any node_modules folder in the project";
  return `Hint:${listed} Kiln runs code with ${runtime}; packages are not installed for runs.`;
}
