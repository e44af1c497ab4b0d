import type { SearchResult } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import {
  isAutoExpanded,
  matchCountLabel,
  matchPreview,
  searchSummary,
  type SearchMatch,
} from './search-results';

const match = (lineContent: string, columnStart: number, columnEnd: number): SearchMatch => ({
  line: 1,
  lineContent,
  columnStart,
  columnEnd,
});

const result = (filePath: string, count: number): SearchResult => ({
  fileId: filePath,
  filePath,
  matches: Array.from({ length: count }, () => match('x', 1, 2)),
});

describe('matchPreview', () => {
  it('splits the line around the 1-based, end-exclusive range', () => {
    expect(matchPreview(match('const answer = 42;', 7, 13))).toEqual({
      clipped: false,
      before: 'const ',
      match: 'answer',
      after: ' = 42;',
    });
  });

  it('drops the indentation and trailing space', () => {
    expect(matchPreview(match('    return value;   ', 5, 11))).toEqual({
      clipped: false,
      before: '',
      match: 'return',
      after: ' value;',
    });
  });

  it('brings a match far into a line into view, saying text was dropped', () => {
    const line = `${'a'.repeat(100)}needle tail`;
    const preview = matchPreview(match(line, 101, 107));
    expect(preview.clipped).toBe(true);
    expect(preview.before).toBe('a'.repeat(24));
    expect(preview.match).toBe('needle');
    expect(preview.after).toBe(' tail');
  });

  it('re-bases columns on a line the server cut', () => {
    const cut = { ...match('xx needle yy', 503, 509), lineContentStart: 500 };
    expect(matchPreview(cut)).toEqual({
      clipped: true,
      before: 'xx ',
      match: 'needle',
      after: ' yy',
    });
  });

  it('does not split an emoji when cutting', () => {
    const line = `${'a'.repeat(60)}😀${'b'.repeat(23)}needle`;
    const start = line.indexOf('needle');
    const preview = matchPreview(match(line, start + 1, start + 7));
    expect(preview.before.startsWith('😀')).toBe(true);
  });

  it('survives a zero-width match and columns past the end', () => {
    expect(matchPreview(match('abc', 1, 1)).match).toBe('');
    expect(matchPreview(match('abc', 9, 12))).toEqual({
      clipped: false,
      before: 'abc',
      match: '',
      after: '',
    });
  });
});

describe('search result grouping (spec editor 9)', () => {
  it('auto-expands for 5 files or fewer', () => {
    expect(isAutoExpanded(1)).toBe(true);
    expect(isAutoExpanded(5)).toBe(true);
    expect(isAutoExpanded(6)).toBe(false);
  });

  it('summarises matches and files', () => {
    expect(searchSummary([result('a.ts', 1)])).toBe('1 match in 1 file');
    expect(searchSummary([result('a.ts', 2), result('b.ts', 3)])).toBe('5 matches in 2 files');
  });

  it('says when the file cap cut the list', () => {
    const fifty = Array.from({ length: 50 }, (_, i) => result(`f${i}.ts`, 1));
    expect(searchSummary(fifty)).toBe('50 matches in 50 files (showing the first 50 files)');
  });

  it('marks a file whose matches reached the per-file cap', () => {
    expect(matchCountLabel(result('a.ts', 3))).toBe('3');
    expect(matchCountLabel(result('a.ts', 100))).toBe('100+');
  });
});
