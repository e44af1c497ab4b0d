import { FILE_LIMITS, type SearchFilesInputSchema, type SearchResult } from '@kiln/shared';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { getOwnedProject } from '../projects/policy';
import { findCandidates } from './candidates';
import type { RegexSearchPool } from './regex-pool';
import { escapeRegExp, scanFiles, type ScanFile, type ScanLimits, type ScanPattern } from './scan';
import type { ProjectTextCache } from './text-cache';

type SearchFilesValues = z.output<typeof SearchFilesInputSchema>;

const SCAN_LIMITS: ScanLimits = {
  files: FILE_LIMITS.searchResults,
  matchesPerFile: FILE_LIMITS.matchesPerFile,
  lineContentChars: 500,
};

/**
 * Searches the text files of a project line by line (spec editor 7.1), in path order, up to 50
 * files. A plain query is a literal substring and is scanned here: an escaped literal cannot
 * backtrack. A regular expression runs in the worker pool under its time budget.
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
  await getOwnedProject({ db, userId, projectId });
  const textFiles = await filesToScan(db, textCache, projectId, input);
  return input.useRegex
    ? regexPool.scan(textFiles, pattern, SCAN_LIMITS)
    : scanFiles(textFiles, pattern, SCAN_LIMITS);
}

/**
 * The text files that may hold the query, in path order. The search index narrows a plain query
 * to the files that may hold it (candidates.ts), in a few milliseconds whatever the project's
 * size. When it cannot, the project's text is read whole, from memory when it is cached.
 */
async function filesToScan(
  db: Database,
  textCache: ProjectTextCache,
  projectId: string,
  input: SearchFilesValues,
): Promise<ScanFile[]> {
  if (!input.useRegex) {
    const candidates = await findCandidates(db, projectId, input.query, input.caseSensitive);
    if (candidates) return candidates;
  }
  return textCache.listTextFiles(db, projectId);
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
