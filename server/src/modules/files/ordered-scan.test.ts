import { FILE_LIMITS } from '@kiln/shared';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import { HEAD_FILES, ORDERED_READ_MIN_HITS, scanInPathOrder } from './ordered-scan';
import { escapeRegExp, scanFiles } from './scan';
import { ProjectTextCache } from './text-cache';
import { createProject, insertRows } from '../../test/project-files';

const LIMITS = {
  files: FILE_LIMITS.searchResults,
  matchesPerFile: FILE_LIMITS.matchesPerFile,
  lineContentChars: 500,
};

const dialect = new PgDialect();

describe('scanInPathOrder', () => {
  let t: TestApp;
  let projectId: string;
  const count = HEAD_FILES * 8 + 17;
  /** Every seventh file from the second head on: enough passing files to read in path order. */
  const seventh = (index: number) => index >= HEAD_FILES * 2 && index % 7 === 0;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    const { client } = await signUp(t.app);
    projectId = (await createProject(client, 'Ordered')).id;
    // Paths whose byte order differs from most collations' (case, accents, an emoji), and text
    // that every file, every fifth file, every seventh file past the first ones or only the last
    // files hold; every file holds the words of a phrase none holds.
    const names = ['B', 'a', 'é', 'Z', '😀', 'z'];
    await insertRows(
      t.database,
      projectId,
      Array.from({ length: count }, (_, index) => ({
        path: `${names[index % names.length]}/f${index}.txt`,
        content:
          `shared line ${index}\nexport const x = 1; return x\n` +
          `${index % 5 === 0 ? 'Fifth\r\n' : ''}${seventh(index) ? 'Seventh café 😀\n' : ''}` +
          `${index > count - 4 ? 'rare\n' : ''}`,
      })),
    );
    await insertRows(t.database, projectId, [{ path: 'B', isDirectory: true }]);
  });
  afterAll(() => t.close());

  /** The SQL the scan runs inside its transaction, in order. */
  function recordingQueries(db: Database) {
    const transaction = db.transaction.bind(db);
    const queries: string[] = [];
    const spy = vi.spyOn(db, 'transaction').mockImplementation(((
      work: Parameters<typeof db.transaction>[0],
      config: Parameters<typeof db.transaction>[1],
    ) =>
      transaction((tx) => {
        const execute = tx.execute.bind(tx);
        // Only the scan's own queries: not the driver's begin and commit around them.
        let scanning = true;
        vi.spyOn(tx, 'execute').mockImplementation(((query: SQL) => {
          if (scanning) queries.push(dialect.sqlToQuery(query).sql.replace(/\s+/g, ' '));
          return execute(query);
        }) as typeof tx.execute);
        return work(tx).finally(() => (scanning = false));
      }, config)) as typeof db.transaction);
    return { queries, restore: () => spy.mockRestore() };
  }

  const scan = (text: string, caseSensitive: boolean, db = t.database.db) =>
    scanInPathOrder(
      db,
      projectId,
      { text, caseSensitive },
      { source: escapeRegExp(text), caseSensitive },
      LIMITS,
    );

  it('answers what scanning the whole project in path order answers', async () => {
    const all = await new ProjectTextCache(0).listTextFiles(t.database.db, projectId);
    const queries = [
      'shared',
      'fifth',
      'FIFTH',
      'Fifth\r',
      'seventh',
      'rare',
      'ne 1',
      'absent',
      'export const return',
      'é',
      'CAFÉ',
      'café 😀',
      '\uD83D',
      '😀\n',
      'x\u0000y',
      '1\nexport',
    ];
    for (const query of queries) {
      for (const caseSensitive of [false, true]) {
        const pattern = { source: escapeRegExp(query), caseSensitive };
        expect(await scan(query, caseSensitive), `${query} ${caseSensitive}`).toEqual(
          scanFiles(all, pattern, LIMITS),
        );
      }
    }
  });

  it('carries out only the texts the answer needs, and picks how to read the rest', async () => {
    // A view of the database for the scan alone: the app's background work (its job queue)
    // runs transactions on the database itself, which are not the scan's.
    const db = Object.create(t.database.db) as Database;
    const recorder = recordingQueries(db);
    const reads = async (query: string) => {
      recorder.queries.length = 0;
      const found = await scan(query, false, db);
      return { found: found.length, queries: [...recorder.queries] };
    };
    try {
      // Every file holds it: the first files answer, their texts carried out with the test, in
      // one query.
      const shared = await reads('shared');
      expect(shared.found).toBe(LIMITS.files);
      expect(shared.queries).toHaveLength(1);
      expect(shared.queries[0]).toContain('case when tested.passes then head.content end');

      // Few files hold its word: the index is asked about the rest.
      const rare = await reads('rare');
      expect(rare.found).toBe(3);
      expect(rare.queries.some((query) => query.includes('content ~'))).toBe(true);

      // Every file holds its words, none the phrase: the index would recheck every file, so
      // the rest is tested in storage order, no text carried out.
      const phrase = await reads('export const return');
      expect(phrase.found).toBe(0);
      expect(phrase.queries).toHaveLength(2);
      expect(phrase.queries.some((query) => query.includes('content ~'))).toBe(false);
      expect(phrase.queries[1]).not.toContain('order by');

      // Every fifth file, from the first: the rest is read in path order up to the answer.
      expect(Math.ceil(HEAD_FILES / 5)).toBeGreaterThanOrEqual(ORDERED_READ_MIN_HITS);
      const fifth = await reads('fifth');
      expect(fifth.found).toBe(LIMITS.files);
      expect(fifth.queries.at(-1)).toMatch(/order by path collate "C" limit \$\d+$/);
    } finally {
      recorder.restore();
    }
  });
});
