import type { SqlResult } from '@kiln/shared';
import type { SqlExecution } from './result-collector';

/** The SQL result as the API answers it: each row an object keyed by its column names. */
export function presentSqlResult(execution: SqlExecution, durationMs: number): SqlResult {
  const names = execution.columns.map((column) => column.name);
  return {
    // fromEntries defines properties (never a prototype), whatever the column is called.
    rows: execution.rows.map((row) => Object.fromEntries(names.map((name, at) => [name, row[at]]))),
    rowCount: execution.rowCount,
    command: execution.command,
    error: execution.error,
    columns: execution.columns,
    truncated: execution.truncated,
    statements: execution.statements,
    notices: execution.notices,
    durationMs: Math.round(durationMs),
  };
}
