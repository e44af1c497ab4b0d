import { FILE_LIMITS, type SearchFilesInputSchema, type SearchResult } from '@kiln/shared';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { getReadableProject } from '../projects';
import type { RegexSearchPool } from './regex-pool';
import { scanInPathOrder } from './ordered-scan';
import { escapeRegExp, scanFiles, type ScanLimits, type ScanPattern } from './scan';
import type { ProjectTextCache } from './text-cache';

type SearchFilesValues = z.output<typeof SearchFilesInputSchema>;

const SCAN_LIMITS: ScanLimits = {
  files: FILE_LIMITS.searchResults,
  matchesPerFile: FILE_LIMITS.matchesPerFile,
  lineContentChars: 500,
};

/**
 * Searches the text files of a project line by line (POST /api/files/search), in path order, up to 50
 * files. A plain query is a literal substring and is scanned here: an escaped literal cannot
 * backtrack. A regular expression runs in the worker pool under its time budget, over the
 * project's text read whole (from memory when the text cache holds it).
 */
export async function searchFiles(options: {
  db: Database;
  regexPool: RegexSearchPool;
  textCache: ProjectTextCache;
  userId: string;
  projectId: string;
  input: SearchFilesValues;
}): Promise<SearchResult[]> {
  const { db, regexPool, textCache, userId, projectId, input } = options;
  const pattern: ScanPattern = {
    source: input.useRegex ? checkedRegExp(input.query) : escapeRegExp(input.query),
    caseSensitive: input.caseSensitive,
  };
  await getReadableProject({ db, userId, projectId });
  // A project whose text is in memory (its file list was read, so it is open in an editor) is
  // scanned there: at worst 2x ripgrep, where a phrase whose words every file has sends every
  // file back to the database's recheck (4-6x, decision 0012).
  if (!input.useRegex && !textCache.holds(projectId)) {
    // The database tests the texts in path order and hands over those that may match, asking
    // the search index (candidates.ts) when the first files show it would narrow the rest.
    const query = { text: input.query, caseSensitive: input.caseSensitive };
    return scanInPathOrder(db, projectId, query, pattern, SCAN_LIMITS);
  }
  const textFiles = await textCache.listTextFiles(db, projectId);
  return input.useRegex
    ? regexPool.scan(textFiles, pattern, SCAN_LIMITS)
    : scanFiles(textFiles, pattern, SCAN_LIMITS);
}

/** The pattern if it compiles; otherwise a 400 with the parser's own message. */
function checkedRegExp(source: string): string {
  try {
    new RegExp(source);
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', (error as Error).message);
  }
  return source;
}
