import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { SEARCH_INDEX_MAX_BYTES } from './tables';
import { comparePaths } from '../../lib/project-paths';
import type { ScanFile } from './scan';

/*
 * The first search of a project that is not in the text cache would read all of its text out of
 * the database (0.25-0.7 s for 50 MB). Most searches look for a name or a phrase that few files
 * hold, so the trigram index (migration 0003) is asked first which files may hold the query, and
 * only those come out. The database's test is a superset of the scanner's: every file the
 * scanner would find a match in is among the candidates, so scanning them answers exactly what
 * scanning every file would.
 *
 * When many files hold the query, the index saves nothing: the caller reads the project in path
 * order instead, which finds the first 50 of those files early (ordered-scan.ts).
 */

/** More candidates than this and the search reads the project in path order instead. */
export const MAX_CANDIDATES = 200;

/** Trigrams are made of letters and digits: a query needs three in a row to narrow anything. */
const TRIGRAM = /[A-Za-z0-9]{3}/;

/**
 * Characters the database cannot be handed as the scanner sees them: a text parameter holds no
 * NUL, and a lone surrogate is sent as U+FFFD, while the scanner (a regular expression without
 * the u flag) matches it against half of a character. No database test is made for such a query.
 */
const UNSENDABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The database condition that holds for every text in which the scanner finds `query` on some
 * line, or undefined when the index cannot narrow the search for it.
 */
function candidateCondition(query: string, caseSensitive: boolean): SQL | undefined {
  if (!TRIGRAM.test(query) || UNSENDABLE.test(query)) return undefined;
  if (caseSensitive) return sql`content like ${likePattern(query)}`;
  // The scanner folds case as a JavaScript regular expression without the u flag does: an ASCII
  // letter matches only its two cases, so a query of ASCII is matched case-insensitively by a
  // case-sensitive pattern that offers both cases of each letter. (ILIKE would fold by the
  // database's locale, which can disagree, and it rechecks candidates more slowly.)
  if (!isAscii(query)) return undefined;
  return sql`content ~ ${caseBlindPattern(query)}`;
}

// eslint-disable-next-line no-control-regex
const isAscii = (text: string) => /^[\x00-\x7f]*$/.test(text);

/** ASCII letters lowered, everything else as it is: what lower() does under the "C" collation. */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/**
 * A text's forms a cheap test reads: the text itself, and the text with its ASCII letters
 * lowered (`lower(... collate "C")`, whatever the database's locale), for the case-blind tests.
 */
export interface TextForms {
  content: SQL;
  folded: SQL;
}

/**
 * The ASCII-lowered text of a files row (`row` its alias): stored in `content_folded` for texts
 * the index holds (tables.ts), lowered here for the larger ones.
 */
export const foldedText = (row: string) =>
  sql`coalesce(${sql.identifier(row)}.content_folded, lower(${sql.identifier(row)}.content collate "C"))`;

/**
 * A test much cheaper than the index's recheck (a regular expression or LIKE) that holds for
 * every text in which the scanner finds `query`: strpos, a substring search that skips ahead
 * by the query's length, over the text or its ASCII-folded form. An ASCII letter matches only
 * its two cases in the scanner (no u flag), and a character outside ASCII never matches one
 * inside it, so a case-blind query holds each of its runs of ASCII characters folded; the
 * longest is looked for. `exact`: the test holds only for texts the scanner finds the query in
 * (the scanner also splits lines, so a query with a line break is not exact). Undefined when no
 * test narrows anything: every text is a candidate.
 */
export function containsCondition(
  query: string,
  caseSensitive: boolean,
  text: TextForms,
): { condition: SQL; exact: boolean } | undefined {
  if (UNSENDABLE.test(query)) return undefined;
  const exact = !/[\r\n]/.test(query);
  if (caseSensitive) {
    return { condition: sql`strpos(${text.content} collate "C", ${query}) > 0`, exact };
  }
  // eslint-disable-next-line no-control-regex
  const runs = query.match(/[\x00-\x7f]+/g) ?? [];
  const longest = runs.reduce((best, run) => (run.length > best.length ? run : best), '');
  if (longest === '') return undefined;
  return {
    condition: sql`strpos(${text.folded}, ${asciiLower(longest)}) > 0`,
    exact: exact && longest === query,
  };
}

/**
 * Whether a text is likely among the index's candidates for `query`: it holds every word of
 * three or more letters or digits of the query, in any case. The index knows each text's
 * trigrams, not which words are neighbours, so a phrase of words most texts hold has most texts
 * as candidates, each rechecked. Undefined when the index cannot be asked (candidateCondition).
 */
export function likelyCandidateCondition(
  query: string,
  caseSensitive: boolean,
  text: TextForms,
): SQL | undefined {
  if (!candidateCondition(query, caseSensitive)) return undefined;
  const words = [...new Set((query.match(/[A-Za-z0-9]{3,}/g) ?? []).map(asciiLower))];
  return sql.join(
    words.map((word) => sql`strpos(${text.folded}, ${word}) > 0`),
    sql` and `,
  );
}

/** A LIKE pattern that matches `query` anywhere, its wildcards and escape taken literally. */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * A PostgreSQL regular expression (ARE) that matches the ASCII `query` in any case: letters
 * become [aA], other punctuation is escaped (a backslash before a character that is not a
 * letter or digit stands for that character).
 */
export function caseBlindPattern(query: string): string {
  let pattern = '';
  for (const char of query) {
    if (/[A-Za-z]/.test(char)) pattern += `[${char.toLowerCase()}${char.toUpperCase()}]`;
    else if (/[0-9]/.test(char)) pattern += char;
    else pattern += `\\${char}`;
  }
  return pattern;
}

/**
 * The project's text files that may hold `query`, in path order (those after `after`, when
 * given); undefined when the index cannot narrow the search (the query has no trigram, or more
 * than MAX_CANDIDATES files may hold it).
 */
export async function findCandidates(
  db: DbOrTx,
  projectId: string,
  query: string,
  caseSensitive: boolean,
  after?: string,
): Promise<ScanFile[] | undefined> {
  const select = candidateQuery(projectId, query, caseSensitive, after);
  if (!select) return undefined;
  const rows = await queryRows<ScanFile>(db, select);
  if (rows.length > MAX_CANDIDATES) return undefined;
  return rows.sort((a, b) => comparePaths(a.path, b.path));
}

/**
 * The query behind findCandidates: at most MAX_CANDIDATES + 1 rows, in no order; with `after`,
 * only files whose path comes after it in byte order.
 */
export function candidateQuery(
  projectId: string,
  query: string,
  caseSensitive: boolean,
  after?: string,
): SQL | undefined {
  const matches = candidateCondition(query, caseSensitive);
  if (!matches) return undefined;
  const condition = after === undefined ? matches : sql`path collate "C" > ${after} and ${matches}`;
  const maxIndexed = sql.raw(String(SEARCH_INDEX_MAX_BYTES));
  // The index holds the texts up to its size limit that were not saved since it last took them
  // (tables.ts). The others are tested one by one: those saved since (a partial index lists
  // them), and those over the limit. The CASE makes the size (read from the stored value's
  // header, without unpacking it) be tested first, so the pattern never runs over the texts the
  // index already answered for.
  return sql`(select id, path, content from files
               where project_id = ${projectId} and octet_length(content) <= ${maxIndexed}
                 and search_stale_since is null and ${condition}
              union all
              select id, path, content from files
               where project_id = ${projectId} and search_stale_since is not null
                 and ${condition}
              union all
              select id, path, content from files
               where project_id = ${projectId} and search_stale_since is null
                 and case when octet_length(content) > ${maxIndexed} then ${condition} else false end)
             limit ${MAX_CANDIDATES + 1}`;
}
