import type { ProjectFileEntry } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import {
  matchedPositions,
  QUICK_OPEN_LIMIT,
  QUICK_OPEN_SCORES,
  scoreFile,
  scoreFiles,
} from './quick-open';

function file(path: string, isDirectory = false): ProjectFileEntry {
  return {
    id: path,
    projectId: 'p1',
    path,
    isDirectory,
    isBinary: false,
    mimeType: null,
    size: 0,
    version: 1,
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const paths = (files: ProjectFileEntry[]) => files.map((item) => item.path);

describe('scoreFile (spec editor 9)', () => {
  it('scores each tier plus a bonus of 10 at the root, one less per folder', () => {
    expect(scoreFile('app.ts', 'app.ts')).toBe(QUICK_OPEN_SCORES.exactName + 10);
    expect(scoreFile('src/app.ts', 'app')).toBe(QUICK_OPEN_SCORES.namePrefix + 9);
    expect(scoreFile('src/lib/main-app.ts', 'app')).toBe(QUICK_OPEN_SCORES.nameContains + 8);
    expect(scoreFile('src/app/index.ts', 'app')).toBe(QUICK_OPEN_SCORES.pathContains + 8);
    expect(scoreFile('src/lib/pages.ts', 'slp')).toBe(QUICK_OPEN_SCORES.fuzzy + 8);
  });

  it('uses the last path segment as the name, case-insensitively', () => {
    expect(scoreFile('src/README.md', 'readme.MD')).toBe(1000 + 9);
    expect(scoreFile('readme/notes.txt', 'readme')).toBe(100 + 9);
  });

  it('takes the best tier only, not the sum of the tiers it meets', () => {
    expect(scoreFile('index.html', 'index.html')).toBe(1010);
  });

  it('needs the fuzzy letters in order', () => {
    expect(scoreFile('src/main.ts', 'smt')).toBe(50 + 9);
    expect(scoreFile('src/main.ts', 'tms')).toBeNull();
  });

  it('ignores spaces for the fuzzy tier and the query edges', () => {
    expect(scoreFile('src/main.ts', '  main  ')).toBe(500 + 9);
    expect(scoreFile('src/main.ts', 'src main')).toBe(50 + 9);
  });

  it('gives no depth bonus below ten folders', () => {
    const deep = `${'d/'.repeat(12)}x.ts`;
    expect(scoreFile(deep, 'x.ts')).toBe(1000);
  });

  it('rejects a path that does not match at all', () => {
    expect(scoreFile('src/app.ts', 'zzz')).toBeNull();
  });
});

describe('scoreFiles (spec editor 9)', () => {
  it('orders the tiers from exact name down to fuzzy', () => {
    const files = [
      file('a/p/pages.ts'),
      file('app/index.ts'),
      file('lib/main-app.ts'),
      file('lib/app-shell.ts'),
      file('lib/app'),
    ];
    expect(paths(scoreFiles(files, 'app'))).toEqual([
      'lib/app',
      'lib/app-shell.ts',
      'lib/main-app.ts',
      'app/index.ts',
      'a/p/pages.ts',
    ]);
  });

  it('lets the depth bonus decide within a tier', () => {
    const files = [file('src/deep/nested/util.ts'), file('util.ts'), file('src/util.ts')];
    expect(paths(scoreFiles(files, 'util.ts'))).toEqual([
      'util.ts',
      'src/util.ts',
      'src/deep/nested/util.ts',
    ]);
  });

  it('breaks equal scores by path', () => {
    const files = [file('src/b.ts'), file('src/a10.ts'), file('src/a2.ts'), file('lib/b.ts')];
    expect(paths(scoreFiles(files, '.ts'))).toEqual([
      'lib/b.ts',
      'src/a2.ts',
      'src/a10.ts',
      'src/b.ts',
    ]);
  });

  it('never offers folders', () => {
    const files = [file('src', true), file('src/app', true), file('src/app/main.ts')];
    expect(paths(scoreFiles(files, 'app'))).toEqual(['src/app/main.ts']);
  });

  it('returns at most 50, keeping the best', () => {
    const files = Array.from({ length: 120 }, (_, i) =>
      file(`src/${String(i).padStart(3, '0')}-widget.ts`),
    );
    files.push(file('widget.ts'));
    const results = scoreFiles(files, 'widget');
    expect(QUICK_OPEN_LIMIT).toBe(50);
    expect(results).toHaveLength(50);
    expect(results[0]?.path).toBe('widget.ts');
  });

  it('lists the shallowest files first for a blank query', () => {
    const files = [file('src/z.ts'), file('b.ts'), file('src', true), file('a.ts')];
    expect(paths(scoreFiles(files, '   '))).toEqual(['a.ts', 'b.ts', 'src/z.ts']);
  });

  it('returns nothing when nothing matches', () => {
    expect(scoreFiles([file('a.ts')], 'qqq')).toEqual([]);
  });
});

describe('matchedPositions', () => {
  it('marks the hit in the file name before one in the folders', () => {
    expect(matchedPositions('app/app.ts', 'app')).toEqual([4, 5, 6]);
  });

  it('marks a hit that spans folders', () => {
    expect(matchedPositions('src/app/main.ts', 'app/m')).toEqual([4, 5, 6, 7, 8]);
  });

  it('marks the fuzzy letters', () => {
    expect(matchedPositions('src/main.ts', 'smt')).toEqual([0, 4, 9]);
  });

  it('marks nothing for a blank query', () => {
    expect(matchedPositions('src/main.ts', ' ')).toEqual([]);
  });
});
