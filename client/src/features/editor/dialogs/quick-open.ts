import { FILE_LIMITS, type ProjectFileEntry } from '@kiln/shared';

/** Quick open's score tiers, highest first; a file scores its best tier only. */
export const QUICK_OPEN_SCORES = {
  exactName: 1000,
  namePrefix: 500,
  nameContains: 250,
  pathContains: 100,
  fuzzy: 50,
} as const;

/** Quick open and search show at most 50 results. */
export const QUICK_OPEN_LIMIT = FILE_LIMITS.searchResults;

/** A root file gets this bonus, one less per folder level, so shallow files win ties. */
const DEPTH_BONUS = 10;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const byPath = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

export const fileNameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);
export const folderOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));
const depthOf = (path: string) => path.split('/').length - 1;

/** The query as the tiers compare it; spaces are ignored by the fuzzy tier only. */
const needleOf = (query: string) => query.trim().toLowerCase();

/** The positions in `text` at which the characters of `needle` appear in order, or null. */
function subsequence(text: string, needle: string): number[] | null {
  const positions: number[] = [];
  let from = 0;
  for (const char of needle) {
    const at = text.indexOf(char, from);
    if (at === -1) return null;
    positions.push(at);
    from = at + 1;
  }
  return positions;
}

/** A path's score for a query, or null when it does not match at all. */
export function scoreFile(path: string, query: string): number | null {
  const needle = needleOf(query);
  const lowerPath = path.toLowerCase();
  const name = fileNameOf(lowerPath);
  const bonus = Math.max(0, DEPTH_BONUS - depthOf(path));
  let tier: number;
  if (!needle) tier = 0;
  else if (name === needle) tier = QUICK_OPEN_SCORES.exactName;
  else if (name.startsWith(needle)) tier = QUICK_OPEN_SCORES.namePrefix;
  else if (name.includes(needle)) tier = QUICK_OPEN_SCORES.nameContains;
  else if (lowerPath.includes(needle)) tier = QUICK_OPEN_SCORES.pathContains;
  else if (subsequence(lowerPath, needle.replace(/\s+/g, ''))) tier = QUICK_OPEN_SCORES.fuzzy;
  else return null;
  return tier + bonus;
}

/**
 * Quick file open: the files matching the query, best first, ties by path, at
 * most 50. Folders are not offered. A blank query lists the shallowest files first.
 */
export function scoreFiles(files: readonly ProjectFileEntry[], query: string): ProjectFileEntry[] {
  const scored: { file: ProjectFileEntry; score: number }[] = [];
  for (const file of files) {
    if (file.isDirectory) continue;
    const score = scoreFile(file.path, query);
    if (score !== null) scored.push({ file, score });
  }
  scored.sort((a, b) => b.score - a.score || byPath(a.file.path, b.file.path));
  return scored.slice(0, QUICK_OPEN_LIMIT).map(({ file }) => file);
}

/**
 * The character positions of `path` to highlight for a query, matching the tier that scored
 * it: the hit in the file name, else the hit in the path, else the fuzzy letters.
 */
export function matchedPositions(path: string, query: string): number[] {
  const needle = needleOf(query);
  if (!needle) return [];
  const lowerPath = path.toLowerCase();
  const nameStart = path.length - fileNameOf(path).length;
  const range = (start: number) => Array.from({ length: needle.length }, (_, i) => start + i);
  const inName = lowerPath.indexOf(needle, nameStart);
  if (inName !== -1) return range(inName);
  const inPath = lowerPath.indexOf(needle);
  if (inPath !== -1) return range(inPath);
  return subsequence(lowerPath, needle.replace(/\s+/g, '')) ?? [];
}
