import { ChevronLeft, ChevronRight, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { AuditLogFilters } from './audit-log-filters';
import {
  auditLogQuery,
  hasAuditFilters,
  NO_AUDIT_FILTERS,
  type AuditFilterValues,
} from './audit-log-model';
import { useAuditLog } from './audit-log-query';
import { AuditLogTable } from './audit-log-table';
import { LoadError, RowsSkeleton } from './load-states';

/** Entries a page of the tab shows. */
export const AUDIT_LOG_PAGE_SIZE = 25;

/**
 * The Audit log tab: who did what, newest first, filtered and paged. Pages follow the cursor
 * each page hands out; the cursors of the pages passed are kept, so Newer goes back exactly.
 */
export function AuditLogTab() {
  const [filters, setFilters] = useState<AuditFilterValues>(NO_AUDIT_FILTERS);
  const [cursors, setCursors] = useState<string[]>([]);
  const log = useAuditLog(auditLogQuery(filters, cursors.at(-1), AUDIT_LOG_PAGE_SIZE));

  const applyFilters = (next: AuditFilterValues) => {
    setFilters(next);
    setCursors([]);
  };
  const page = cursors.length + 1;
  const nextCursor = log.data?.nextCursor ?? null;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">Audit log</h2>
          <p className="text-muted-foreground text-sm">
            Who did what on this instance, newest first. Secrets are recorded by name only.
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void log.refetch()}
          disabled={log.isFetching}
        >
          <RefreshCw aria-hidden className={cn(log.isFetching && 'animate-spin')} /> Refresh
        </Button>
      </div>

      <AuditLogFilters key={JSON.stringify(filters)} applied={filters} onApply={applyFilters} />

      {log.isPending ? (
        <RowsSkeleton rows={6} label="Loading the audit log" />
      ) : log.isError ? (
        <LoadError
          what="audit log"
          message={log.error.message}
          onRetry={() => void log.refetch()}
        />
      ) : log.data.events.length === 0 ? (
        <p className="text-muted-foreground rounded-xl border border-dashed px-6 py-12 text-center text-sm">
          {hasAuditFilters(filters) ? 'No entries match these filters.' : 'No entries yet.'}
        </p>
      ) : (
        <div
          className={cn('grid gap-4 transition-opacity', log.isPlaceholderData && 'opacity-60')}
          aria-busy={log.isPlaceholderData}
        >
          <AuditLogTable
            events={log.data.events}
            onShowActor={(actor) => applyFilters({ ...filters, actor })}
            onShowProject={(projectId) => applyFilters({ ...filters, projectId })}
          />
          <nav aria-label="Audit log pages" className="flex items-center justify-between gap-3">
            <Button
              variant="outline"
              size="sm"
              disabled={page === 1}
              onClick={() => setCursors((current) => current.slice(0, -1))}
            >
              <ChevronLeft aria-hidden /> Newer
            </Button>
            <span className="text-muted-foreground text-sm" aria-live="polite">
              Page {page}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={!nextCursor || log.isPlaceholderData}
              onClick={() => nextCursor && setCursors((current) => [...current, nextCursor])}
            >
              Older <ChevronRight aria-hidden />
            </Button>
          </nav>
        </div>
      )}
    </div>
  );
}
