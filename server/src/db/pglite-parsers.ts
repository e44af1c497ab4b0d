import { types } from '@electric-sql/pglite';

/**
 * The types drizzle-orm/pglite asks PGlite to leave as text (it makes the dates itself): dates,
 * times and intervals, and their arrays (numeric[] 1231, timestamp[] 1115, timestamptz[] 1185,
 * interval[] 1187, date[] 1182), with parsers its session passes with every query. The
 * database's thread holds those parsers from the start (pglite-thread.ts): handed per query, they
 * made PGlite copy its whole parser table (over 300 entries) each time, and functions cannot
 * cross to a thread anyway.
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];
