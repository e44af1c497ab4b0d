import type { SqlColumn } from '@kiln/shared';

/** A cell as CSV text: JSON values written as JSON, NULL as an empty field. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Quoted when it holds a comma, a quote or a line break (RFC 4180). */
function field(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The result as CSV: a header of column names, then one line per row, CRLF between lines. */
export function toCsv(columns: SqlColumn[], rows: Array<Record<string, unknown>>): string {
  const lines = [columns.map((column) => field(column.name)).join(',')];
  for (const row of rows) {
    lines.push(columns.map((column) => field(cellText(row[column.name]))).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Hands the text to the browser as a download. */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
