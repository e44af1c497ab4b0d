import { afterAll, describe, expect, it } from 'vitest';
import { RegexSearchPool } from './regex-pool';
import { escapeRegExp, scanFiles, type ScanFile, type ScanLimits } from './scan';

const LIMITS: ScanLimits = { files: 50, matchesPerFile: 100, lineContentChars: 500 };

const file = (path: string, content: string): ScanFile => ({ id: `id-${path}`, path, content });

const plain = (query: string, caseSensitive = false) => ({
  source: escapeRegExp(query),
  caseSensitive,
});

describe('scanFiles', () => {
  it('reports 1-based lines and columns, the end exclusive, every match of a line', () => {
    const results = scanFiles(
      [file('a.js', 'const a = 1;\n\nlet foo = foo();\n')],
      plain('foo'),
      LIMITS,
    );
    expect(results).toEqual([
      {
        fileId: 'id-a.js',
        filePath: 'a.js',
        matches: [
          { line: 3, lineContent: 'let foo = foo();', columnStart: 5, columnEnd: 8 },
          { line: 3, lineContent: 'let foo = foo();', columnStart: 11, columnEnd: 14 },
        ],
      },
    ]);
  });

  it('is case-insensitive unless asked, and takes the query literally', () => {
    const files = [file('a.txt', 'Price: $5.00 (FOO)\nprice: 5x00 (foo)')];
    expect(scanFiles(files, plain('foo'), LIMITS)[0]!.matches.map((m) => m.line)).toEqual([1, 2]);
    expect(scanFiles(files, plain('foo', true), LIMITS)[0]!.matches.map((m) => m.line)).toEqual([
      2,
    ]);
    expect(scanFiles(files, plain('$5.00 ('), LIMITS)[0]!.matches).toHaveLength(1);
  });

  it('drops the \\r of CRLF lines and never matches across lines', () => {
    const files = [file('w.txt', 'one end\r\ntwo end\r\n')];
    const ends = scanFiles(files, { source: 'end$', caseSensitive: true }, LIMITS);
    expect(ends[0]!.matches).toEqual([
      { line: 1, lineContent: 'one end', columnStart: 5, columnEnd: 8 },
      { line: 2, lineContent: 'two end', columnStart: 5, columnEnd: 8 },
    ]);
    expect(scanFiles(files, plain('end\r\ntwo'), LIMITS)).toEqual([]);
    expect(scanFiles(files, { source: 'end\\s+two', caseSensitive: true }, LIMITS)).toEqual([]);
  });

  it('gives ^ and lookarounds the line as their whole world', () => {
    const files = [file('a.txt', 'x foo\nfoo y\n  foo')];
    const starts = scanFiles(files, { source: '^foo', caseSensitive: true }, LIMITS);
    expect(starts[0]!.matches.map((m) => m.line)).toEqual([2]);
    // A negative lookbehind at the start of a line sees nothing before it, not the line break.
    const notAfterSpace = scanFiles(files, { source: '(?<!\\s)foo', caseSensitive: true }, LIMITS);
    expect(notAfterSpace[0]!.matches.map((m) => m.line)).toEqual([2]);
  });

  it('skips zero-length matches', () => {
    const results = scanFiles(
      [file('a.txt', 'abc\nxyz')],
      { source: 'y*', caseSensitive: true },
      LIMITS,
    );
    expect(results[0]!.matches).toEqual([
      { line: 2, lineContent: 'xyz', columnStart: 2, columnEnd: 3 },
    ]);
  });

  it('cuts a long line around the match and says where the cut starts', () => {
    const line = `${'a'.repeat(2000)}needle${'b'.repeat(2000)}`;
    const [match] = scanFiles([file('min.js', line)], plain('needle'), LIMITS)[0]!.matches;
    expect(match!.columnStart).toBe(2001);
    expect(match!.columnEnd).toBe(2007);
    expect(match!.lineContent).toHaveLength(500);
    const start = match!.lineContentStart!;
    expect(match!.lineContent.slice(match!.columnStart - start, match!.columnEnd - start)).toBe(
      'needle',
    );
  });

  it('stops at the file and match limits, in the order given', () => {
    const files = Array.from({ length: 5 }, (_, index) =>
      file(`f${index}.txt`, 'hit hit hit\n'.repeat(10)),
    );
    const limits = { ...LIMITS, files: 3, matchesPerFile: 4 };
    const results = scanFiles(files, plain('hit'), limits);
    expect(results.map((result) => result.filePath)).toEqual(['f0.txt', 'f1.txt', 'f2.txt']);
    expect(results.every((result) => result.matches.length === 4)).toBe(true);
    expect(results[0]!.matches.map((m) => m.line)).toEqual([1, 1, 1, 2]);
  });

  it('counts lines right when it jumps to a match far into the file', () => {
    const content = `${'nothing here\n'.repeat(999)}the needle\n${'more\n'.repeat(10)}needle again`;
    const [result] = scanFiles([file('long.txt', content)], plain('needle'), LIMITS);
    expect(result!.matches.map((m) => [m.line, m.columnStart])).toEqual([
      [1000, 5],
      [1011, 1],
    ]);
  });

  it('columns count UTF-16 units, as the editor does', () => {
    const [result] = scanFiles([file('e.txt', '🔥 fire')], plain('fire'), LIMITS);
    expect(result!.matches[0]).toMatchObject({ columnStart: 4, columnEnd: 8 });
  });
});

describe('RegexSearchPool', () => {
  const pool = new RegexSearchPool({ timeoutMs: 1_000, maxWorkers: 2, maxWaiting: 2 });
  afterAll(() => pool.close());

  it('finds in its worker what the scanner finds here', async () => {
    const files = [
      file('a.js', 'function greet(name) {\n  return `Hello, ${name}`;\n}\n'),
      file('b.js', 'greet("kiln");\r\nGREET()'),
    ];
    const pattern = { source: 'gre+t\\(', caseSensitive: false };
    const inWorker = await pool.scan(files, pattern, LIMITS);
    expect(inWorker).toEqual(scanFiles(files, pattern, LIMITS));
    expect(inWorker.map((result) => result.matches.length)).toEqual([1, 2]);
  });

  it('stops a runaway pattern at its time budget, then serves the next search', async () => {
    const files = [file('evil.txt', `${'a'.repeat(40)}b`)];
    const started = Date.now();
    await expect(
      pool.scan(files, { source: '(a+)+$', caseSensitive: true }, LIMITS),
    ).rejects.toThrow('The search took too long; simplify the regular expression');
    // The pattern would run for hours: an answer after its 1 s budget and long before that is
    // the budget at work, with room for a worker thread that starts slowly on a busy machine.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    const next = await pool.scan(files, { source: 'a+b', caseSensitive: true }, LIMITS);
    expect(next[0]!.matches[0]).toMatchObject({ columnStart: 1, columnEnd: 42 });
  });

  it('runs searches side by side up to its size, queues a few, and refuses more', async () => {
    const files = [file('a.txt', 'abc')];
    const settled = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        pool.scan(files, { source: 'b', caseSensitive: true }, LIMITS),
      ),
    );
    // Two run, two wait their turn, the fifth is refused.
    expect(settled.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    expect(String((settled[4] as PromiseRejectedResult).reason)).toContain('Too many searches');
    const after = await pool.scan(files, { source: 'b', caseSensitive: true }, LIMITS);
    expect(after[0]!.matches[0]!.columnStart).toBe(2);
  });
});
