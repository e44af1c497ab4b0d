/** Rows per insert statement, and bytes per statement, so a large import never builds one huge query. */
const ENTRY_BATCH_ROWS = 500;
const ENTRY_BATCH_BYTES = 16 * 1024 * 1024;

/** Splits rows for insertion by count and by bytes (uploads and the file service write this way). */
export function* batches<T extends { size: number }>(entries: T[]): Generator<T[]> {
  let batch: T[] = [];
  let bytes = 0;
  for (const entry of entries) {
    if (
      batch.length >= ENTRY_BATCH_ROWS ||
      (batch.length > 0 && bytes + entry.size > ENTRY_BATCH_BYTES)
    ) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(entry);
    bytes += entry.size;
  }
  if (batch.length > 0) yield batch;
}
