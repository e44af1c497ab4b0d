import { describe, expect, it } from 'vitest';
import { parseDotenv, toDotenv } from './dotenv';

describe('.env files', () => {
  it('reads the forms people write, and says which lines it skipped', () => {
    const parsed = parseDotenv(
      [
        '# database',
        'DATABASE_URL=postgres://u:p@db/app',
        'export MODE = production  # set by ops',
        "SINGLE='a # not a comment'",
        'DOUBLE="line one\\nline \\"two\\""',
        '',
        'not a line',
        '1BAD=x',
        'OPEN="never closed',
        'MODE=staging',
      ].join('\n'),
    );
    expect(parsed.entries).toEqual([
      { key: 'DATABASE_URL', value: 'postgres://u:p@db/app' },
      { key: 'MODE', value: 'staging' },
      { key: 'SINGLE', value: 'a # not a comment' },
      { key: 'DOUBLE', value: 'line one\nline "two"' },
    ]);
    expect(parsed.skippedLines).toEqual([7, 8, 9]);
  });

  it('writes what it reads back exactly', () => {
    const entries = [
      { key: 'PLAIN', value: 'abc-123' },
      { key: 'SPACES', value: 'two words # and a hash' },
      { key: 'MULTI', value: 'a\nb\t"c" \\ d' },
    ];
    expect(parseDotenv(toDotenv(entries))).toEqual({ entries, skippedLines: [] });
  });
});
