import type { SqlColumn } from '@kiln/shared';

/** Columns are sized from these first rows: enough to see the data's shape, cheap to measure. */
const SAMPLE_ROWS = 50;
const MIN_CH = 6;
const MAX_CH = 48;
/** Room for the cell's padding and border, in characters of the monospace font. */
const PADDING_CH = 3;

function textLength(value: unknown): number {
  if (value === null || value === undefined) return 4;
  if (typeof value === 'object') return JSON.stringify(value).length;
  return String(value).length;
}

/** Each column's width in `ch`: its longest header or sampled value, within bounds. */
export function columnWidths(columns: SqlColumn[], rows: Array<Record<string, unknown>>): number[] {
  const sample = rows.slice(0, SAMPLE_ROWS);
  return columns.map((column) => {
    let longest = column.name.length;
    for (const row of sample) longest = Math.max(longest, textLength(row[column.name]));
    return Math.min(MAX_CH, Math.max(MIN_CH, longest)) + PADDING_CH;
  });
}
