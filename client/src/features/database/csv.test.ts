import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('the CSV export', () => {
  it('writes a header and one line per row, quoting only what needs it', () => {
    const columns = [
      { name: 'id', dataTypeId: 23 },
      { name: 'note, with comma', dataTypeId: 25 },
      { name: 'meta', dataTypeId: 3802 },
      { name: 'done', dataTypeId: 16 },
    ];
    const csv = toCsv(columns, [
      { id: 1, 'note, with comma': 'say "hi"', meta: { a: [1, 2] }, done: true },
      { id: 2, 'note, with comma': 'two\nlines', meta: null, done: false },
    ]);
    expect(csv).toBe(
      [
        'id,"note, with comma",meta,done',
        '1,"say ""hi""","{""a"":[1,2]}",true',
        '2,"two\nlines",,false',
        '',
      ].join('\r\n'),
    );
  });

  it('writes the header alone for a result without rows', () => {
    expect(toCsv([{ name: 'n', dataTypeId: 23 }], [])).toBe('n\r\n');
  });
});
