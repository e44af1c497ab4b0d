import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';

/**
 * Where a page of the audit log ended: the last entry's time, to the microsecond the database
 * keeps (a JavaScript Date would round it and skip or repeat entries), and its id.
 */
export interface AuditPosition {
  /** UTC, `YYYY-MM-DDTHH:MM:SS.ffffff`. */
  at: string;
  id: string;
}

const POSITION_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

export function encodeCursor(position: AuditPosition): string {
  return Buffer.from(`${position.at}|${position.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names; one this list never gave out is a 400, not an empty page. */
export function decodeCursor(cursor: string): AuditPosition {
  const [at = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !POSITION_TIME.test(at) || !isUuid(id)) {
    throw new AppError(
      'VALIDATION_FAILED',
      'cursor is not one this list gave out; start again from the first page',
    );
  }
  return { at, id };
}
