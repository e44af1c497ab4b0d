const isHtml = (path: string) => /\.html?$/i.test(path);
const isRoot = (path: string) => !path.includes('/');
/** A dotfile (.gitignore, .env) is a poor first view; it comes last among "first files". */
const isHidden = (path: string) => path.split('/').some((segment) => segment.startsWith('.'));

/**
 * The initial file selection, in order of preference: index.html; any root-level
 * index.htm or index.html; any root-level HTML file; any HTML file; the first non-directory
 * file (by path, hidden files last). Null means the empty state. The server makes the same
 * choice, so the editor can fetch that file's content alongside the file list.
 */
export function pickInitialFile<T extends { path: string; isDirectory: boolean }>(
  files: readonly T[],
): T | null {
  const documents = files.filter((file) => !file.isDirectory);
  const byPath = [...documents].sort((a, b) => a.path.localeCompare(b.path));
  return (
    byPath.find((file) => file.path === 'index.html') ??
    byPath.find((file) => isRoot(file.path) && /^index\.html?$/i.test(file.path)) ??
    byPath.find((file) => isRoot(file.path) && isHtml(file.path)) ??
    byPath.find((file) => isHtml(file.path)) ??
    byPath.find((file) => !isHidden(file.path)) ??
    byPath[0] ??
    null
  );
}
