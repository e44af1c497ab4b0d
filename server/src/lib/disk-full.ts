/** PostgreSQL's `disk_full` (SQLSTATE 53100): PGlite raises it too when its files cannot grow. */
const POSTGRES_DISK_FULL = '53100';

export const DISK_FULL_MESSAGE = "The server's disk is full; your change was not saved";

/**
 * Whether an error comes of a full disk: the database could not extend a file, or a write to
 * DATA_DIR failed with ENOSPC. Drivers and query builders wrap what they catch, so the causes
 * are followed too.
 */
export function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === POSTGRES_DISK_FULL || code === 'ENOSPC') return true;
    current = cause;
  }
  return false;
}
