import { SQL_EXPORT_FILE_NAME } from '@kiln/shared';
import { Download, Loader2, Play } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { downloadText, toCsv } from './csv';
import { ResultPane } from './result-pane';
import { SchemaList } from './schema-list';
import { runShortcutLabel, SqlEditor } from './sql-editor';
import { tableQuery } from './table-query';
import type { SqlRunnerState } from './use-sql-runner';

/** The SQL Runner tab: the table list beside the query, the Run bar and the result. */
export function SqlRunner({
  projectId,
  open,
  runner,
}: {
  projectId: string;
  open: boolean;
  runner: SqlRunnerState;
}) {
  const { outcome } = runner;
  const exportable = outcome.kind === 'result' && outcome.result.columns.length > 0;
  const exportCsv = () => {
    if (outcome.kind !== 'result') return;
    const { columns, rows } = outcome.result;
    downloadText(toCsv(columns, rows), SQL_EXPORT_FILE_NAME, 'text/csv;charset=utf-8');
  };

  return (
    <div className="grid h-full min-h-0 gap-4 md:grid-cols-[15rem_minmax(0,1fr)]">
      <aside className="hidden min-h-0 overflow-hidden border-r pr-3 md:flex md:flex-col">
        <SchemaList
          projectId={projectId}
          open={open}
          onPickTable={(table) => runner.setQuery(tableQuery(table))}
        />
      </aside>
      <div className="flex min-h-0 min-w-0 flex-col gap-3">
        <SqlEditor
          value={runner.query}
          onChange={runner.setQuery}
          onRun={runner.run}
          className="h-32 min-h-20 shrink-0"
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button onClick={runner.run} disabled={runner.running} aria-busy={runner.running}>
            {runner.running ? (
              <Loader2 className="animate-spin" aria-hidden />
            ) : (
              <Play aria-hidden />
            )}
            {runner.running ? 'Running...' : 'Run'}
          </Button>
          <span className="text-muted-foreground text-xs">{runShortcutLabel()} runs the query</span>
          <Button variant="outline" className="ml-auto" disabled={!exportable} onClick={exportCsv}>
            <Download aria-hidden /> Export CSV
          </Button>
        </div>
        <ResultPane outcome={outcome} />
      </div>
    </div>
  );
}
