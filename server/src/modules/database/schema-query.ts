import type { DatabaseTable } from '@kiln/shared';
import type { SqlExecution } from './result-collector';

/**
 * The tables, views and their columns of a project's database, PostgreSQL's catalogs and
 * temporary schemas left out. Read from pg_catalog rather than information_schema for the
 * types as PostgreSQL writes them (`character varying(80)`, `timestamp with time zone`).
 */
export const SCHEMA_QUERY = `
select n.nspname, c.relname, c.relkind, a.attname,
       format_type(a.atttypid, a.atttypmod), not a.attnotnull
from pg_catalog.pg_class c
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
left join pg_catalog.pg_attribute a
  on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
where c.relkind in ('r', 'p', 'v', 'm', 'f')
  and n.nspname not in ('pg_catalog', 'information_schema')
  and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
order by n.nspname, c.relname, a.attnum`;

/** Generous: a schema of hundreds of tables fits; a larger one is cut and says so. */
export const SCHEMA_LIMITS = { maxRows: 10_000, maxResultBytes: 4 * 1024 * 1024, maxNotices: 0 };

/** Groups the catalog rows (one per column) into tables. */
export function tablesFrom(execution: SqlExecution): DatabaseTable[] {
  if (execution.error) throw new Error(`the schema query failed: ${execution.error}`);
  const tables: DatabaseTable[] = [];
  for (const [schema, name, kind, column, type, nullable] of execution.rows) {
    let table = tables.at(-1);
    if (!table || table.schema !== schema || table.name !== name) {
      table = {
        schema: String(schema),
        name: String(name),
        kind: kind === 'v' || kind === 'm' ? 'view' : 'table',
        columns: [],
      };
      tables.push(table);
    }
    if (column !== null && column !== undefined) {
      table.columns.push({ name: String(column), type: String(type), nullable: nullable === true });
    }
  }
  return tables;
}
