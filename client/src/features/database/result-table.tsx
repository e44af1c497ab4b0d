import type { SqlColumn } from '@kiln/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { cn } from '../../lib/cn';
import { columnWidths } from './column-widths';

const ROW_HEIGHT_PX = 28;
const OVERSCAN_ROWS = 12;

/** How a value reads in a cell; the full text is its tooltip. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The rows of a result. Only the rows in view are in the page (a result may hold 1,000 rows
 * of many columns), so scrolling stays smooth; the columns are sized once from the header and
 * the first rows, so every row lines up with the header.
 */
export function ResultTable({
  columns,
  rows,
}: {
  columns: SqlColumn[];
  rows: Array<Record<string, unknown>>;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const template = useMemo(
    () =>
      columnWidths(columns, rows)
        .map((width) => `${width}ch`)
        .join(' '),
    [columns, rows],
  );
  // The app is not built with React Compiler, and rows are plain elements rendered from the
  // virtualizer's numbers on each render: no memoised child can be left stale.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: OVERSCAN_ROWS,
  });

  return (
    <div
      ref={scroller}
      role="table"
      aria-label="Query results"
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length}
      tabIndex={0}
      className="focus-visible:ring-ring relative min-h-0 flex-1 overflow-auto rounded-md border font-mono text-xs focus-visible:ring-2 focus-visible:outline-none"
    >
      <div
        role="row"
        aria-rowindex={1}
        className="bg-muted sticky top-0 z-10 grid w-max min-w-full border-b font-semibold"
        style={{ gridTemplateColumns: template }}
      >
        {columns.map((column) => (
          <div
            key={column.name}
            role="columnheader"
            title={column.name}
            className="truncate border-r px-2 py-1.5 last:border-r-0"
          >
            {column.name}
          </div>
        ))}
      </div>
      <div className="relative w-max min-w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index] ?? {};
          return (
            <div
              key={item.key}
              role="row"
              aria-rowindex={item.index + 2}
              data-testid="result-row"
              className={cn(
                'absolute left-0 grid w-max min-w-full border-b',
                item.index % 2 === 1 && 'bg-muted/40',
              )}
              style={{
                gridTemplateColumns: template,
                height: ROW_HEIGHT_PX,
                transform: `translateY(${item.start}px)`,
              }}
            >
              {columns.map((column) => {
                const value = row[column.name];
                const text = cellText(value);
                return (
                  <div
                    key={column.name}
                    role="cell"
                    title={text.length > 20 ? text.slice(0, 2000) : undefined}
                    className={cn(
                      'truncate border-r px-2 leading-7 last:border-r-0',
                      (value === null || value === undefined) && 'text-muted-foreground italic',
                      typeof value === 'number' && 'text-right',
                    )}
                  >
                    {text}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
