import { FILE_LIMITS } from '@kiln/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { FOLDED_TEXT_MIN_BYTES, SEARCH_INDEX_MAX_BYTES } from './tables';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';
import {
  MAX_CANDIDATES,
  candidateQuery,
  caseBlindPattern,
  containsCondition,
  findCandidates,
  foldedText,
  likePattern,
} from './candidates';
import { escapeRegExp, scanFiles, type ScanFile } from './scan';
import { ProjectTextCache } from './text-cache';
import { createProject, insertRows } from '../../test/project-files';

const LIMITS = {
  files: FILE_LIMITS.searchResults,
  matchesPerFile: FILE_LIMITS.matchesPerFile,
  lineContentChars: 500,
};

describe('patterns handed to the database', () => {
  it('takes LIKE wildcards and its escape literally', () => {
    expect(likePattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });

  it('offers both cases of each ASCII letter and escapes the rest', () => {
    expect(caseBlindPattern('Kiln_9(x)')).toBe('[kK][iI][lL][nN]\\_9\\([xX]\\)');
  });
});

describe('findCandidates (the search index)', () => {
  let t: TestApp;
  let projectId: string;
  let otherProjectId: string;
  /** The same texts, each long enough to have its lowered copy stored (tables.ts). */
  let paddedProjectId: string;
  const big = `${'filler line of text\n'.repeat(Math.ceil(SEARCH_INDEX_MAX_BYTES / 20))}the KilnNeedle is at the end\n`;
  const texts: Record<string, string> = {
    'a.ts': 'const KilnNeedle = 1;\n',
    'b.ts': 'export const x = "kilnneedle";\r\n',
    'c/deep.ts': '// KILNNEEDLE\n',
    'd.md': 'kiln needle, split by a space\n',
    'e.txt': '100% of_the\\path and 100 percent\n',
    'f.txt': 'café Straße\nſtrasse with a long s\n',
    'g.txt': 'the kelvin sign \u212Ailn is not a K\n',
    'big.txt': big,
  };

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    const { client } = await signUp(t.app);
    projectId = (await createProject(client, 'Candidates')).id;
    await insertRows(
      t.database,
      projectId,
      Object.entries(texts).map(([path, content]) => ({ path, content })),
    );
    await insertRows(t.database, projectId, [{ path: 'c', isDirectory: true }]);
    // The same text in someone else's project is never a candidate here.
    otherProjectId = (await createProject(client, 'Other')).id;
    await insertRows(t.database, otherProjectId, [{ path: 'a.ts', content: texts['a.ts'] }]);
    paddedProjectId = (await createProject(client, 'Padded')).id;
    const padding = '\nfiller line of text'.repeat(FOLDED_TEXT_MIN_BYTES / 20);
    await insertRows(
      t.database,
      paddedProjectId,
      Object.entries(texts).map(([path, content]) => ({ path, content: content + padding })),
    );
  });
  afterAll(() => t.close());

  /** Wildcards, escapes, mixed case, accents, long s, the Kelvin sign, line breaks, a NUL. */
  const QUERIES = [
    'kilnneedle',
    'KilnNeedle',
    'KILNNEEDLE',
    'kiln needle',
    'needle";',
    'needle";\r',
    '100% of_the\\path',
    '100 percent',
    'of_the',
    'Kiln',
    'kln',
    'Straße',
    'strasse',
    'STRASSE',
    'straße',
    'ſtrasse',
    'café',
    'CAFÉ',
    'é',
    '\u212Ailn',
    'is at the end',
    'filler line',
    'a\nb',
    '\uD83D',
    'kiln\u0000',
  ];

  const everyTextFile = (project = projectId) =>
    new ProjectTextCache(0).listTextFiles(t.database.db, project);
  const paths = (found: ScanFile[] | undefined) => found?.map((file) => file.path);

  it('narrows a query to the files that may hold it, in path order', async () => {
    expect(paths(await findCandidates(t.database.db, projectId, 'kilnneedle', false))).toEqual([
      'a.ts',
      'b.ts',
      'big.txt',
      'c/deep.ts',
    ]);
    expect(paths(await findCandidates(t.database.db, projectId, 'KilnNeedle', true))).toEqual([
      'a.ts',
      'big.txt',
    ]);
    expect(paths(await findCandidates(t.database.db, projectId, 'Straße', true))).toEqual([
      'f.txt',
    ]);
    expect(await findCandidates(t.database.db, projectId, 'absent words', false)).toEqual([]);
  });

  it('narrows to the files after a path, in byte order', async () => {
    expect(
      paths(await findCandidates(t.database.db, projectId, 'kilnneedle', false, 'b.ts')),
    ).toEqual(['big.txt', 'c/deep.ts']);
    expect(
      paths(await findCandidates(t.database.db, projectId, 'kilnneedle', false, 'c/deep.ts')),
    ).toEqual([]);
  });

  it.each([
    ['short texts, lowered when searched', () => projectId],
    ['longer texts, lowered when saved', () => paddedProjectId],
  ])(
    "passes every file the scanner finds a query in to strpos's test, and only those when exact (%s)",
    async (_label, project) => {
      const all = await everyTextFile(project());
      const text = { content: sql`files.content`, folded: foldedText('files') };
      for (const query of QUERIES) {
        for (const caseSensitive of [false, true]) {
          const label = `${JSON.stringify(query)} ${caseSensitive}`;
          const pattern = { source: escapeRegExp(query), caseSensitive };
          const found = scanFiles(all, pattern, LIMITS).map((result) => result.filePath);
          const contains = containsCondition(query, caseSensitive, text);
          if (!contains) {
            // Only for what the database cannot be handed as the scanner reads it, and for a
            // case-blind query with no ASCII character to look for.
            const unsendable = query.includes('\u0000') || /\uD83D(?!\uDE00)/.test(query);
            const ascii = [...query].some((char) => char.charCodeAt(0) < 0x80);
            expect(unsendable || (!caseSensitive && !ascii), label).toBe(true);
            continue;
          }
          const rows = await queryRows<{ path: string }>(
            t.database.db,
            sql`select path from files where project_id = ${project()} and content is not null
                  and ${contains.condition}`,
          );
          const passing = rows.map((row) => row.path);
          expect(passing, label).toEqual(expect.arrayContaining(found));
          if (contains.exact) expect(passing.sort(), label).toEqual([...found].sort());
        }
      }
    },
  );

  it('keeps each indexed text of some size lowered beside it, as a save leaves it', async () => {
    const folded = async () =>
      Object.fromEntries(
        (
          await queryRows<{ path: string; stored: string | null }>(
            t.database.db,
            sql`select path, content_folded as stored from files where project_id = ${projectId}
                  and content is not null`,
          )
        ).map((row) => [row.path, row.stored]),
      );
    // Short texts are lowered when searched, as is one past the index's cap.
    expect(await folded()).toMatchObject({ 'a.ts': null, 'f.txt': null, 'big.txt': null });
    const save = (text: string) =>
      t.database.db.execute(
        sql`update files set content = ${text} where project_id = ${projectId} and path = 'f.txt'`,
      );
    const long = `Café Straße \u212A ${'Const X;\n'.repeat(FOLDED_TEXT_MIN_BYTES / 8)}`;
    await save(long);
    // ASCII letters only: é, ß and the kelvin sign stay as they are, as the scanner leaves them.
    expect((await folded())['f.txt']).toBe(
      `café straße \u212A ${'const x;\n'.repeat(FOLDED_TEXT_MIN_BYTES / 8)}`,
    );
    await save(texts['f.txt']!);
    expect((await folded())['f.txt']).toBeNull();
  });

  it('finds exactly what scanning every file finds, for any query it narrows', async () => {
    const all = await everyTextFile();
    for (const query of QUERIES) {
      for (const caseSensitive of [false, true]) {
        const pattern = { source: escapeRegExp(query), caseSensitive };
        const candidates = await findCandidates(t.database.db, projectId, query, caseSensitive);
        if (!candidates) continue;
        expect(scanFiles(candidates, pattern, LIMITS), `${query} ${caseSensitive}`).toEqual(
          scanFiles(all, pattern, LIMITS),
        );
      }
    }
  });

  it('declines what the index cannot narrow', async () => {
    // No three letters or digits in a row: no trigram to look up.
    expect(await findCandidates(t.database.db, projectId, 'ab', false)).toBeUndefined();
    expect(await findCandidates(t.database.db, projectId, '% _', true)).toBeUndefined();
    // The database's case folding of non-ASCII text need not agree with the scanner's.
    expect(await findCandidates(t.database.db, projectId, 'straße', false)).toBeUndefined();
    // A NUL cannot be sent, and a lone surrogate would be sent as another character.
    expect(await findCandidates(t.database.db, projectId, 'kiln\u0000', true)).toBeUndefined();
    expect(await findCandidates(t.database.db, projectId, 'kiln\uD83D', true)).toBeUndefined();
  });

  it('declines a query that too many files hold, so the caller reads the project whole', async () => {
    const { client } = await signUp(t.app);
    const crowded = (await createProject(client, 'Crowded')).id;
    await insertRows(
      t.database,
      crowded,
      Array.from({ length: MAX_CANDIDATES + 1 }, (_, index) => ({
        path: `f${index}.txt`,
        content: `common word ${index}\n`,
      })),
    );
    expect(await findCandidates(t.database.db, crowded, 'common', false)).toBeUndefined();
    expect(await findCandidates(t.database.db, crowded, 'word 17\n', false)).toHaveLength(1);
  });

  it('is answered from the trigram index, within the project, among projects of some size', async () => {
    // The planner reads a handful of rows more cheaply than it looks them up, so the plan is
    // asked of a table shaped like a real one: several projects of thousands of files.
    const words = ['render', 'state', 'fetch', 'props', 'layout', 'schema', 'route', 'token'];
    const sizedProject = async () => {
      const { client } = await signUp(t.app);
      const id = (await createProject(client, 'Sized')).id;
      const rows = Array.from({ length: 2000 }, (_, index) => ({
        path: `src/module${index}.ts`,
        content: Array.from(
          { length: 200 },
          (_, word) => `${words[(index * 7 + word * 3) % words.length]}${(index + word) % 97}`,
        ).join(' '),
      }));
      for (let start = 0; start < rows.length; start += 500) {
        await insertRows(t.database, id, rows.slice(start, start + 500));
      }
      return id;
    };
    // Four of them: with three, the estimates sat close enough to tip over to a sequential scan
    // when the starting files of a new project grew by a paragraph.
    const [sized] = [
      await sizedProject(),
      await sizedProject(),
      await sizedProject(),
      await sizedProject(),
    ];
    await t.database.db.execute(sql`analyze files`);
    for (const caseSensitive of [false, true]) {
      const rows = await queryRows<Record<string, string>>(
        t.database.db,
        sql`explain ${candidateQuery(sized!, 'kilnneedle', caseSensitive)!}`,
      );
      const plan = rows.map((row) => Object.values(row)[0]).join('\n');
      expect(plan).toMatch(
        /Bitmap Index Scan on files_content_trigram_idx.*\n.*Index Cond: \(\(project_id = .*\) AND \(content ~/,
      );
    }
  });
});
