import type { DatabaseTable } from '@kiln/shared';

/** How many rows picking a table in the side list asks for. */
export const TABLE_PREVIEW_ROWS = 100;

/** A name as a PostgreSQL identifier, quoted so any name works (mixed case, spaces). */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The query a picked table puts in the editor: its first rows. */
export function tableQuery(table: Pick<DatabaseTable, 'schema' | 'name'>): string {
  const name =
    table.schema === 'public'
      ? quoteIdent(table.name)
      : `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;
  return `SELECT * FROM ${name} LIMIT ${TABLE_PREVIEW_ROWS};`;
}
