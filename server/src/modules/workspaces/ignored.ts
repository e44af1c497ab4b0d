/**
 * Folders a workspace keeps on disk only: installed packages, version control and build caches.
 * They never reach the project's files, and the sync never looks inside them.
 */
const DISK_ONLY_FOLDERS = new Set([
  'node_modules',
  '.venv',
  'venv',
  '.git',
  '__pycache__',
  '.pytest_cache',
  '.mypy_cache',
  '.ruff_cache',
  '.cache',
  '.npm',
  '.next',
  '.nuxt',
  '.svelte-kit',
  '.parcel-cache',
  '.turbo',
  '.vite',
]);

/** Whether a folder name is one the sync leaves alone, wherever it sits in the tree. */
export function isDiskOnlyFolder(name: string): boolean {
  return DISK_ONLY_FOLDERS.has(name);
}

/** Whether a project path lies in, or is, a disk-only folder. */
export function isDiskOnlyPath(path: string): boolean {
  return path.split('/').some(isDiskOnlyFolder);
}
