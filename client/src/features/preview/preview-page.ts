import type { ProjectFileEntry } from '@kiln/shared';

type Listed = Pick<ProjectFileEntry, 'path' | 'isDirectory'>;

const HTML = /\.html?$/i;
/** Files a page loads by relative path: editing one is editing the page. */
const PAGE_ASSET = /\.(css|m?js)$/i;
const INDEX = /(^|\/)index\.html?$/i;

export function isHtmlPath(path: string | null): path is string {
  return path !== null && HTML.test(path);
}

const depth = (path: string) => path.split('/').length;

/** Shallowest first, then by path: the root index.html before pages/index.html. */
function shallowest(paths: string[]): string | null {
  const sorted = [...paths].sort((a, b) => depth(a) - depth(b) || a.localeCompare(b));
  return sorted[0] ?? null;
}

/**
 * The page the Preview tab shows. An open HTML file is itself the page. While a stylesheet, a
 * script or any other file is open, the preview keeps the page shown last (so editing
 * styles.css keeps index.html in view and a save refreshes it), as long as that page still
 * exists; otherwise the project's index.html, shallowest first; otherwise its shallowest HTML
 * file. Null when the project has no page at all.
 */
export function previewPagePath(
  files: readonly Listed[],
  selectedPath: string | null,
  lastPage: string | null,
): string | null {
  const pages = files.filter((file) => !file.isDirectory && HTML.test(file.path));
  const exists = (path: string | null): path is string =>
    path !== null && pages.some((page) => page.path === path);
  if (isHtmlPath(selectedPath) && exists(selectedPath)) return selectedPath;
  if (exists(lastPage)) return lastPage;
  const paths = pages.map((page) => page.path);
  return shallowest(paths.filter((path) => INDEX.test(path))) ?? shallowest(paths);
}

/**
 * The right panel's tab until the person picks one: Preview when the open file is a page or
 * something a page loads (its CSS or JavaScript) and there is a page to show; AI Chat otherwise.
 */
export function defaultSideTab(selectedPath: string | null, hasPage: boolean): 'preview' | 'chat' {
  if (!hasPage || selectedPath === null) return 'chat';
  return HTML.test(selectedPath) || PAGE_ASSET.test(selectedPath) ? 'preview' : 'chat';
}
