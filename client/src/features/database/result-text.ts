import type { SqlResult } from '@kiln/shared';

/** The 'Query executed' notice: 'N row(s) affected'. */
export function rowsAffectedText(rowCount: number): string {
  return `${rowCount} row(s) affected`;
}

const count = (n: number) => n.toLocaleString('en-US');

/** One line over the result: its command, how many rows, how long it took. */
export function resultSummary(result: SqlResult): string {
  const parts: string[] = [];
  if (result.command) parts.push(result.command);
  if (result.columns.length > 0) {
    parts.push(
      result.truncated
        ? `showing ${count(result.rows.length)} of ${count(result.rowCount)} rows`
        : `${count(result.rowCount)} ${result.rowCount === 1 ? 'row' : 'rows'}`,
    );
  } else if (result.command) parts.push(rowsAffectedText(result.rowCount));
  parts.push(`${count(result.durationMs)} ms`);
  return parts.join(' · ');
}

/** Why the rows stop where they do, when they were cut. */
export function truncationNote(
  result: SqlResult,
  limits: { maxRows: number; maxResultBytes: number },
): string | null {
  if (!result.truncated) return null;
  return `Only the first ${count(result.rows.length)} rows are shown: a result is cut at ${count(limits.maxRows)} rows or ${limits.maxResultBytes / (1024 * 1024)} MB. Add a LIMIT or a WHERE to see others.`;
}

/** The statements of a query that ran several, as 'CREATE TABLE, INSERT 3, SELECT 2'. */
export function statementsText(result: SqlResult): string | null {
  if (result.statements.length < 2) return null;
  return result.statements
    .map((statement) =>
      statement.rowCount === null
        ? statement.command
        : `${statement.command} ${count(statement.rowCount)}`,
    )
    .join(', ');
}
