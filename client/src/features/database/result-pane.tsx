import { SQL_LIMITS } from '@kiln/shared';
import { ResultTable } from './result-table';
import { resultSummary, statementsText, truncationNote } from './result-text';
import type { RunOutcome } from './use-sql-runner';

/** The last run's outcome: its summary, notices, error, and rows. */
export function ResultPane({ outcome }: { outcome: RunOutcome }) {
  if (outcome.kind === 'none') {
    return (
      <p className="text-muted-foreground grid flex-1 place-items-center rounded-md border border-dashed p-6 text-center text-sm">
        Run a query to see its result here.
      </p>
    );
  }
  if (outcome.kind === 'failed') {
    return (
      <p
        role="alert"
        className="border-destructive/50 text-destructive rounded-md border p-3 text-sm"
      >
        Failed to execute query: {outcome.message}
      </p>
    );
  }
  const { result } = outcome;
  const statements = statementsText(result);
  const truncated = truncationNote(result, SQL_LIMITS);
  return (
    <section aria-label="Result" className="flex min-h-0 flex-1 flex-col gap-2">
      <p className="text-muted-foreground text-xs" data-testid="result-summary">
        {resultSummary(result)}
        {statements && <span className="ml-2">({statements})</span>}
      </p>
      {result.error && (
        <pre
          role="alert"
          className="border-destructive/50 bg-destructive/10 text-destructive rounded-md border p-3 font-mono text-xs break-words whitespace-pre-wrap"
        >
          {result.error}
        </pre>
      )}
      {result.notices.length > 0 && (
        <ul className="text-muted-foreground grid gap-0.5 font-mono text-xs" aria-label="Notices">
          {result.notices.map((notice, index) => (
            <li key={index}>{notice}</li>
          ))}
        </ul>
      )}
      {truncated && <p className="text-xs text-amber-600 dark:text-amber-400">{truncated}</p>}
      {result.columns.length > 0 &&
        (result.rows.length > 0 ? (
          <ResultTable columns={result.columns} rows={result.rows} />
        ) : (
          <p className="text-muted-foreground rounded-md border p-3 text-sm">No rows.</p>
        ))}
    </section>
  );
}
