import { SQL_DEFAULT_QUERY, type SqlResult } from '@kiln/shared';
import { useCallback, useState } from 'react';
import { toast } from '../../components/ui/toast-store';
import { messageOf } from '../../lib/api-error';
import { useExecuteSql } from './api/execute-sql';
import { rowsAffectedText } from './result-text';

/** What the result pane shows: nothing yet, an answer, or a call that failed. */
export type RunOutcome =
  { kind: 'none' } | { kind: 'result'; result: SqlResult } | { kind: 'failed'; message: string };

/**
 * The SQL Runner's state, kept by the dialog so the text and the last result survive closing
 * it and switching tabs: the query text, the outcome of the last run, and `run`, which tells
 * the person how it went with the spec's notices.
 */
export function useSqlRunner(projectId: string) {
  const [query, setQuery] = useState(SQL_DEFAULT_QUERY);
  const [outcome, setOutcome] = useState<RunOutcome>({ kind: 'none' });
  const execute = useExecuteSql(projectId);
  const { mutate, isPending } = execute;

  const run = useCallback(() => {
    if (isPending) return;
    if (!query.trim()) {
      toast({
        title: 'Empty query',
        description: 'Please enter a SQL query to execute',
        variant: 'destructive',
      });
      return;
    }
    mutate(query, {
      onSuccess: (result) => {
        setOutcome({ kind: 'result', result });
        if (result.error) toast({ title: 'Query error', variant: 'destructive' });
        else {
          toast({
            title: 'Query executed',
            description: rowsAffectedText(result.rowCount),
            variant: 'success',
          });
        }
      },
      onError: (failure) => {
        setOutcome({
          kind: 'failed',
          message: messageOf(failure, 'Failed to execute query'),
        });
        toast({
          title: 'Execution failed',
          description: 'Failed to execute query',
          variant: 'destructive',
        });
      },
    });
  }, [isPending, mutate, query]);

  return { query, setQuery, outcome, run, running: isPending };
}

export type SqlRunnerState = ReturnType<typeof useSqlRunner>;
