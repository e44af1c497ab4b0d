import type { DatabaseTable } from '@kiln/shared';
import { ChevronDown, ChevronRight, Eye, Table2 } from 'lucide-react';
import { useState } from 'react';
import { messageOf } from '../../lib/api-error';
import { useDatabaseSchema } from './api/get-database-schema';

/**
 * The side list of the database's tables and views with their columns. Picking a table's name
 * puts a query of its rows in the editor.
 */
export function SchemaList({
  projectId,
  open,
  onPickTable,
}: {
  projectId: string;
  open: boolean;
  onPickTable: (table: DatabaseTable) => void;
}) {
  const schema = useDatabaseSchema(projectId, open);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const tables = schema.data?.tables ?? [];

  const toggle = (key: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <nav aria-label="Tables" className="flex min-h-0 flex-col gap-2">
      <h3 className="text-muted-foreground text-xs font-semibold tracking-wide uppercase">
        Tables
      </h3>
      {schema.isPending ? (
        <p className="text-muted-foreground text-sm">Loading tables...</p>
      ) : schema.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {messageOf(schema.error, 'Failed to load the tables.')}
        </p>
      ) : tables.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No tables yet. Create one with CREATE TABLE.
        </p>
      ) : (
        <ul className="min-h-0 flex-1 overflow-y-auto text-sm" data-testid="schema-list">
          {tables.map((table) => {
            const key = `${table.schema}.${table.name}`;
            const isOpen = !collapsed.has(key);
            const Icon = table.kind === 'view' ? Eye : Table2;
            return (
              <li key={key} className="py-0.5">
                <div className="flex items-center gap-1">
                  <button
                    type="button"
                    className="hover:bg-muted text-muted-foreground rounded p-0.5"
                    aria-label={`${isOpen ? 'Hide' : 'Show'} the columns of ${table.name}`}
                    aria-expanded={isOpen}
                    onClick={() => toggle(key)}
                  >
                    {isOpen ? (
                      <ChevronDown className="size-3.5" />
                    ) : (
                      <ChevronRight className="size-3.5" />
                    )}
                  </button>
                  <button
                    type="button"
                    className="hover:bg-muted flex min-w-0 flex-1 items-center gap-1.5 rounded px-1 py-0.5 text-left font-medium"
                    title={`Query the rows of ${key}`}
                    onClick={() => onPickTable(table)}
                  >
                    <Icon className="text-muted-foreground size-3.5 shrink-0" aria-hidden />
                    <span className="truncate">{table.schema === 'public' ? table.name : key}</span>
                  </button>
                </div>
                {isOpen && (
                  <ul className="ml-6 border-l pl-2" aria-label={`Columns of ${table.name}`}>
                    {table.columns.map((column) => (
                      <li
                        key={column.name}
                        className="flex items-baseline justify-between gap-2 py-0.5 text-xs"
                      >
                        <span className="truncate font-mono">{column.name}</span>
                        <span
                          className="text-muted-foreground truncate"
                          title={column.nullable ? column.type : `${column.type}, not null`}
                        >
                          {column.type}
                          {column.nullable ? '' : ' *'}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {tables.length > 0 && <p className="text-muted-foreground text-xs">* not null</p>}
      {schema.data?.truncated && (
        <p className="text-muted-foreground text-xs">
          The list is cut: the database has very many columns.
        </p>
      )}
    </nav>
  );
}
