import { FILE_LIMITS, SearchResultListSchema, type Project, type SearchResult } from '@kiln/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import type { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { PNG, createFile, createProject, insertRows } from '../../test/project-files';
import { ProjectTextCache } from './text-cache';

describe('POST /api/files/search/:projectId', () => {
  let t: TestApp;
  let client: TestClient;
  let project: Project;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    ({ client } = await signUp(t.app));
    project = await createProject(client, 'Search');
    await createFile(client, project.id, 'src/app.js', {
      content: 'import { greet } from "../index.js";\n\nconsole.log(Greet("Kiln"));\n',
    });
    await createFile(client, project.id, 'src/notes.md', { content: 'Greeting notes\n' });
    // Neither folders nor binary files are searched.
    await createFile(client, project.id, 'greet', { isDirectory: true });
    const { body, headers } = multipartBody([
      { field: 'files', filename: 'greet.png', contentType: 'image/png', content: PNG },
    ]);
    await client.post(`/api/files/upload/${project.id}`, body, { headers });
  });
  afterAll(() => t.close());

  const search = (body: Record<string, unknown>, projectId = project.id, as = client) =>
    as.post(`/api/files/search/${projectId}`, body);

  const results = async (body: Record<string, unknown>, projectId = project.id, as = client) => {
    const response = await search(body, projectId, as);
    expect(response.statusCode, response.body).toBe(200);
    return SearchResultListSchema.parse(response.json());
  };

  const summary = (found: SearchResult[]) =>
    found.map((result) => [result.filePath, result.matches.map((match) => match.line)]);

  it('finds a plain query in every text file, case-insensitively, in path order', async () => {
    const found = await results({ query: 'greet' });
    expect(summary(found)).toEqual([
      ['index.js', [3, 7]],
      ['src/app.js', [1, 3]],
      ['src/notes.md', [1]],
    ]);
    const app = found[1]!;
    expect(app.fileId).toMatch(/^[0-9a-f-]{36}$/);
    expect(app.matches[1]).toEqual({
      line: 3,
      lineContent: 'console.log(Greet("Kiln"));',
      columnStart: 13,
      columnEnd: 18,
    });
  });

  it('honours caseSensitive', async () => {
    const found = await results({ query: 'Greet', caseSensitive: true });
    expect(summary(found)).toEqual([
      ['src/app.js', [3]],
      ['src/notes.md', [1]],
    ]);
  });

  it('takes a plain query literally', async () => {
    expect(await results({ query: 'Greet("' })).toHaveLength(1);
    expect(await results({ query: 'gre+t' })).toEqual([]);
  });

  it('searches with a regular expression when useRegex is set', async () => {
    const found = await results({ query: 'gre+t\\("', useRegex: true });
    expect(summary(found)).toEqual([['src/app.js', [3]]]);
    expect(found[0]!.matches[0]).toMatchObject({ columnStart: 13, columnEnd: 20 });
    const anchored = await results({ query: '^import \\{', useRegex: true, caseSensitive: true });
    expect(summary(anchored)).toEqual([['src/app.js', [1]]]);
  });

  it("answers 400 with the parser's message for an invalid pattern", async () => {
    const message = expectError(
      await search({ query: '(', useRegex: true }),
      400,
      'VALIDATION_FAILED',
    );
    expect(message).toBe('Invalid regular expression: /(/: Unterminated group');
  });

  it('answers 400 for a blank or missing query', async () => {
    for (const body of [{ query: '   ' }, { query: '' }, {}]) {
      const message = expectError(await search(body), 400, 'VALIDATION_FAILED');
      expect(message).toMatch(/query/);
    }
  });

  it('stops a catastrophic pattern within its budget while the server keeps answering', async () => {
    const { client: other } = await signUp(t.app);
    const evil = await createProject(other, 'Evil');
    await createFile(other, evil.id, 'evil.txt', { content: `${'a'.repeat(48)}b\n` });

    const started = Date.now();
    const pending = other.post(`/api/files/search/${evil.id}`, {
      query: '(a+)+$',
      useRegex: true,
    });
    // While the pattern backtracks, an ordinary request is served promptly.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const listStarted = Date.now();
    const listing = await other.get(`/api/files/${evil.id}`);
    expect(listing.statusCode).toBe(200);
    expect(Date.now() - listStarted).toBeLessThan(1_000);

    const response = await pending;
    const elapsed = Date.now() - started;
    expect(expectError(response, 400, 'VALIDATION_FAILED')).toBe(
      'The search took too long; simplify the regular expression',
    );
    expect(elapsed).toBeLessThan(3_500);
    // The next regex search works.
    const after = await other.post(`/api/files/search/${evil.id}`, {
      query: 'a+b',
      useRegex: true,
    });
    expect(after.statusCode).toBe(200);
  });

  it('answers at most 50 files and 100 matches per file', async () => {
    const { client: other } = await signUp(t.app);
    const big = await createProject(other, 'Big');
    await insertRows(
      t.database,
      big.id,
      Array.from({ length: FILE_LIMITS.searchResults + 10 }, (_, index) => ({
        path: `f/${String(index).padStart(3, '0')}.txt`,
        content: 'needle needle\n'.repeat(80),
      })),
    );
    for (const useRegex of [false, true]) {
      const found = await results({ query: 'needle', useRegex }, big.id, other);
      expect(found).toHaveLength(FILE_LIMITS.searchResults);
      expect(found[0]!.filePath).toBe('f/000.txt');
      expect(found.at(-1)!.filePath).toBe('f/049.txt');
      expect(found.every((result) => result.matches.length === FILE_LIMITS.matchesPerFile)).toBe(
        true,
      );
    }
  });

  it('cuts a very long line around the match', async () => {
    const { client: other } = await signUp(t.app);
    const minified = await createProject(other, 'Minified');
    await createFile(other, minified.id, 'min.js', {
      content: `${'x'.repeat(10_000)}needle${'y'.repeat(10_000)}`,
    });
    const [result] = await results({ query: 'needle' }, minified.id, other);
    const match = result!.matches[0]!;
    expect(match.columnStart).toBe(10_001);
    expect(match.lineContent.length).toBeLessThanOrEqual(500);
    expect(match.lineContent).toContain('needle');
    expect(match.lineContentStart).toBeGreaterThan(1);
  });

  it('answers a project not in memory through the search index, as reading it would', async () => {
    const { client: owner } = await signUp(t.app);
    const fresh = await createProject(owner, 'Fresh');
    await createFile(owner, fresh.id, 'a.js', {
      content: 'const kilnNeedle = 1;\nkilnneedle();\n',
    });
    await createFile(owner, fresh.id, 'b.js', { content: 'kiln, then needle\n' });
    const wholeReads = vi.spyOn(ProjectTextCache.prototype, 'listTextFiles');
    try {
      const narrowed = await results({ query: 'KilnNeedle' }, fresh.id, owner);
      expect(summary(narrowed)).toEqual([['a.js', [1, 2]]]);
      expect(wholeReads).not.toHaveBeenCalled();
      // Two letters make no trigram: the project is read in path order, up to the answer.
      const short = await results({ query: 'ne' }, fresh.id, owner);
      expect(summary(short)).toContainEqual(['b.js', [1]]);
      expect(wholeReads).not.toHaveBeenCalled();
      // A regular expression cannot be narrowed: it reads the project, which then stays in
      // memory and answers plain queries, the same way as the index and the ordered read.
      await results({ query: 'kiln\\w+', useRegex: true }, fresh.id, owner);
      expect(wholeReads).toHaveBeenCalledTimes(1);
      expect(await results({ query: 'ne' }, fresh.id, owner)).toEqual(short);
      expect(await results({ query: 'KilnNeedle' }, fresh.id, owner)).toEqual(narrowed);
      expect(wholeReads).toHaveBeenCalledTimes(3);
    } finally {
      wholeReads.mockRestore();
    }
  });
});
