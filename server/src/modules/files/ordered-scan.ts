import type { SearchResult } from '@kiln/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type DbOrTx } from '../../db/client';
import {
  containsCondition,
  findCandidates,
  foldedText,
  likelyCandidateCondition,
  type TextForms,
} from './candidates';
import { comparePaths } from '../../lib/project-paths';
import { scanFiles, type ScanFile, type ScanLimits, type ScanPattern } from './scan';

/*
 * A search answers the first 50 files in path order that hold a match. When the project's text
 * is not in memory, the database tests each text with strpos (candidates.ts, containsCondition)
 * in path order and hands over only the texts that pass, so a query that many files hold
 * ("function", "ab") is answered from the first few dozen texts, and one that few hold costs a
 * substring search of the project inside the database rather than carrying its text out.
 *
 * The trigram index answers a name few files hold in a few milliseconds, but its recheck (a
 * regular expression or LIKE) runs over every candidate, several times the cost of strpos per
 * byte: a phrase of words that most files hold makes most files candidates. So the project's
 * first files in path order are read first, and they tell which way the rest goes.
 */

/** Files the first read tests: about 320 KB of text for typical files. */
export const HEAD_FILES = 64;

/**
 * The index is asked about the rest of the project when at most this share of the first files
 * hold every word of the query: its recheck then covers a few texts, not most of them.
 */
export const INDEX_SHARE = 0.1;

/**
 * Passing files among the first ones from which the rest is read in path order, stopping at the
 * answer; with fewer, the answer is likely far off, and the rest is tested in the order the
 * database stores it (several times cheaper per file on PGlite than hopping between files in path
 * order) and only the passing files are ordered.
 */
export const ORDERED_READ_MIN_HITS = 8;

/** Texts per query when no test narrows the read (each one is scanned here). */
export const SCAN_SLICE = 500;

export interface PlainQuery {
  text: string;
  caseSensitive: boolean;
}

/**
 * The first files in path order: whether each passes the cheap test (with its text when it
 * does), and whether it is an index candidate.
 */
interface HeadRow {
  id: string;
  path: string;
  passes: boolean;
  content: string | null;
  likely: boolean;
}

const inPathOrder = sql`order by path collate "C"`;
const textOf = (projectId: string) => sql`project_id = ${projectId} and content is not null`;

/**
 * Scans the project's text files in path order (byte order, as listings show them) until
 * `limits.files` files matched or none are left, answering what scanning every text would. The
 * reads are made in one repeatable-read transaction, so they see one snapshot: a file renamed
 * meanwhile is found once.
 */
export function scanInPathOrder(
  db: Database,
  projectId: string,
  query: PlainQuery,
  pattern: ScanPattern,
  limits: ScanLimits,
): Promise<SearchResult[]> {
  return db.transaction(
    async (tx) => {
      const results: SearchResult[] = [];
      const scan = (texts: ScanFile[]) => {
        const files = limits.files - results.length;
        results.push(...scanFiles(texts, pattern, { ...limits, files }));
        return results.length >= limits.files;
      };

      const head = await readHead(tx, projectId, query);
      const passing = head.flatMap(({ id, path, passes, content }) =>
        passes && content !== null ? [{ id, path, content }] : [],
      );
      if (scan(passing)) return results;
      if (head.length < HEAD_FILES) return results;
      const after = head[head.length - 1]!.path;

      const likely = head.filter((row) => row.likely).length;
      if (likely <= HEAD_FILES * INDEX_SHARE) {
        const candidates = await findCandidates(
          tx,
          projectId,
          query.text,
          query.caseSensitive,
          after,
        );
        if (candidates) {
          scan(candidates);
          return results;
        }
      }
      const needed = limits.files - results.length;
      if (passing.length >= ORDERED_READ_MIN_HITS) {
        await scanRest(tx, projectId, query, after, scan, needed);
      } else {
        const rest = await passingAfter(tx, projectId, query, after);
        await scanInTurn(tx, rest, scan, needed);
      }
      return results;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The first HEAD_FILES text files in path order, each with the cheap test's verdict and whether
 * it holds every word of the query (how many of the project's files the index would recheck).
 * The texts that pass come along: they are scanned first whatever the rest holds.
 */
function readHead(tx: DbOrTx, projectId: string, query: PlainQuery): Promise<HeadRow[]> {
  // Folded once per text (offset 0 keeps the planner from copying it into each test).
  const text: TextForms = { content: sql`head.content`, folded: sql`forms.folded` };
  const passes = containsCondition(query.text, query.caseSensitive, text)?.condition ?? sql`true`;
  const likely = likelyCandidateCondition(query.text, query.caseSensitive, text) ?? sql`false`;
  return queryRows<HeadRow>(
    tx,
    sql`select head.id, head.path, tested.passes,
               case when tested.passes then head.content end as content, ${likely} as likely
          from (select id, path, content, content_folded from files
                 where ${textOf(projectId)} ${inPathOrder} limit ${HEAD_FILES}) head
          cross join lateral (select ${foldedText('head')} as folded offset 0) forms
          cross join lateral (select ${passes} as passes offset 0) tested
         order by head.path collate "C"`,
  );
}

/**
 * Scans the texts of `files` (in path order), reading them as the answer needs them: `needed`
 * at a time, as many as the answer lacks when every file holds a match. True once it is full.
 */
async function scanInTurn(
  tx: DbOrTx,
  files: readonly { id: string }[],
  scan: (texts: ScanFile[]) => boolean,
  needed: number,
): Promise<boolean> {
  for (let start = 0; start < files.length; start += needed) {
    const ids = files.slice(start, start + needed).map((file) => file.id);
    if (scan(await textsById(tx, ids))) return true;
  }
  return false;
}

/**
 * The files after `after` that pass the cheap test, in path order, tested in the order the
 * database stores them. No text leaves the database here.
 */
async function passingAfter(
  tx: DbOrTx,
  projectId: string,
  query: PlainQuery,
  after: string,
): Promise<{ id: string; path: string }[]> {
  const contains = containsCondition(query.text, query.caseSensitive, {
    content: sql`files.content`,
    folded: foldedText('files'),
  });
  const rows = await queryRows<{ id: string; path: string }>(
    tx,
    sql`select id, path from files
         where ${textOf(projectId)} and path collate "C" > ${after}
           ${contains ? sql`and ${contains.condition}` : sql``}`,
  );
  return rows.sort((a, b) => comparePaths(a.path, b.path));
}

/** The texts of the given files, in path order. */
function textsById(tx: DbOrTx, ids: string[]): Promise<ScanFile[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<ScanFile>(
    tx,
    sql`select id, path, content from files
         where id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )}) ${inPathOrder}`,
  );
}

/**
 * The files after `after` in path order, tested in the database a slice at a time: each query
 * stops at the texts the answer still needs, so the database reads no further than the answer.
 */
async function scanRest(
  tx: DbOrTx,
  projectId: string,
  query: PlainQuery,
  after: string,
  scan: (texts: ScanFile[]) => boolean,
  needed: number,
) {
  const contains = containsCondition(query.text, query.caseSensitive, {
    content: sql`files.content`,
    folded: foldedText('files'),
  });
  // An exact test passes only texts that hold a match: as many as the answer lacks will do.
  const slice = contains?.exact ? needed : SCAN_SLICE;
  const test: SQL = contains ? sql`and ${contains.condition}` : sql``;
  let last = after;
  for (;;) {
    const texts = await queryRows<ScanFile>(
      tx,
      sql`select id, path, content from files
           where ${textOf(projectId)} and path collate "C" > ${last} ${test}
           ${inPathOrder} limit ${slice}`,
    );
    if (scan(texts) || texts.length < slice) return;
    last = texts[texts.length - 1]!.path;
  }
}
