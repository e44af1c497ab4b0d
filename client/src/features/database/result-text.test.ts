import type { SqlResult } from '@kiln/shared';
import { describe, expect, it } from 'vitest';
import { resultSummary, rowsAffectedText, statementsText, truncationNote } from './result-text';
import { tableQuery } from './table-query';

const result = (fields: Partial<SqlResult>): SqlResult => ({
  rows: [],
  rowCount: 0,
  command: null,
  error: null,
  columns: [],
  truncated: false,
  statements: [],
  notices: [],
  durationMs: 3,
  ...fields,
});
const limits = { maxRows: 1000, maxResultBytes: 1024 * 1024 };

describe('what the SQL Runner says about a result', () => {
  it("reads 'N row(s) affected'", () => {
    expect(rowsAffectedText(0)).toBe('0 row(s) affected');
    expect(rowsAffectedText(12)).toBe('12 row(s) affected');
  });

  it('sums up a result, cut or not', () => {
    const columns = [{ name: 'n', dataTypeId: 23 }];
    expect(
      resultSummary(result({ command: 'SELECT', rowCount: 1, columns, rows: [{ n: 1 }] })),
    ).toBe('SELECT · 1 row · 3 ms');
    const cut = result({
      command: 'SELECT',
      rowCount: 250_000,
      columns,
      rows: Array.from({ length: 1000 }, (_, n) => ({ n })),
      truncated: true,
      durationMs: 1520,
    });
    expect(resultSummary(cut)).toBe('SELECT · showing 1,000 of 250,000 rows · 1,520 ms');
    expect(truncationNote(cut, limits)).toBe(
      'Only the first 1,000 rows are shown: a result is cut at 1,000 rows or 1 MB. Add a LIMIT or a WHERE to see others.',
    );
    expect(resultSummary(result({ command: 'INSERT', rowCount: 2 }))).toBe(
      'INSERT · 2 row(s) affected · 3 ms',
    );
    expect(truncationNote(result({}), limits)).toBeNull();
  });

  it('lists the statements of a query that ran several', () => {
    expect(statementsText(result({ statements: [{ command: 'SELECT', rowCount: 1 }] }))).toBeNull();
    expect(
      statementsText(
        result({
          statements: [
            { command: 'CREATE TABLE', rowCount: null },
            { command: 'INSERT', rowCount: 3 },
          ],
        }),
      ),
    ).toBe('CREATE TABLE, INSERT 3');
  });

  it('queries a picked table by its quoted name', () => {
    expect(tableQuery({ schema: 'public', name: 'users' })).toBe(
      'SELECT * FROM "users" LIMIT 100;',
    );
    expect(tableQuery({ schema: 'Sales', name: 'odd "name"' })).toBe(
      'SELECT * FROM "Sales"."odd ""name""" LIMIT 100;',
    );
  });
});
