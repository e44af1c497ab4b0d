import { z } from 'zod';

/**
 * Limits of the SQL runner (docs/decisions/0017-project-databases.md). The server enforces them on
 * every query; the client shows them when a result is cut or a query is stopped.
 */
export const SQL_LIMITS = {
  /** A query still running after this long is stopped. */
  timeoutMs: 5_000,
  /** Rows of the shown result; the rest are counted, not sent. */
  maxRows: 1_000,
  /** Bytes of the shown result's rows, measured as JSON. */
  maxResultBytes: 1024 * 1024,
  /** The longest query text accepted. */
  maxQueryChars: 1024 * 1024,
  /** Notices (NOTICE, WARNING) kept per query. */
  maxNotices: 20,
} as const;

export const SQL_EMPTY_QUERY_MESSAGE = 'Empty query: Please enter a SQL query to execute';
/** The SQL Runner's text when it opens: ten rows from projects. */
export const SQL_DEFAULT_QUERY = 'SELECT * FROM projects LIMIT 10;';
export const SQL_EXPORT_FILE_NAME = 'query-results.csv';
/** Where the Drizzle Studio tab points: the studio that `drizzle-kit studio` serves locally. */
export const DRIZZLE_STUDIO_URL = 'https://local.drizzle.studio';

/** POST /api/database/execute: one or more statements, run on the project's own database. */
export const ExecuteSqlInputSchema = z.object({
  projectId: z.string({ error: 'projectId is required' }).min(1, 'projectId is required'),
  query: z
    .string({ error: SQL_EMPTY_QUERY_MESSAGE })
    .refine((query) => query.trim().length > 0, SQL_EMPTY_QUERY_MESSAGE)
    .refine(
      (query) => query.length <= SQL_LIMITS.maxQueryChars,
      `A query is at most ${SQL_LIMITS.maxQueryChars / (1024 * 1024)} MB of text`,
    ),
});
export type ExecuteSqlInput = z.infer<typeof ExecuteSqlInputSchema>;

/** A column of the shown result; `name` is the key of each row (repeated names get a suffix). */
export const SqlColumnSchema = z.object({
  name: z.string(),
  /** PostgreSQL's type id (23 is integer, 25 text...). */
  dataTypeId: z.number().int(),
});
export type SqlColumn = z.infer<typeof SqlColumnSchema>;

/** One statement of the query that ran to completion, in order. */
export const SqlStatementSchema = z.object({
  command: z.string(),
  /** Rows returned or changed, when the command reports a count (CREATE TABLE does not). */
  rowCount: z.number().int().nonnegative().nullable(),
});
export type SqlStatement = z.infer<typeof SqlStatementSchema>;

/**
 * The SQL result: rows, rowCount, command and error are the last statement's (a failing
 * statement's error, with the statements before it listed). Values are JSON: numbers for
 * integer and floating-point types, booleans, parsed json/jsonb, and PostgreSQL's own text for
 * everything else (numeric, dates, arrays).
 */
export const SqlResultSchema = z.object({
  rows: z.array(z.record(z.string(), z.unknown())),
  /** The last statement's count: rows returned by a SELECT (all of them, even when cut), or changed. */
  rowCount: z.number().int().nonnegative(),
  /** The last statement's command (SELECT, INSERT...); null when no statement completed. */
  command: z.string().nullable(),
  error: z.string().nullable(),
  columns: z.array(SqlColumnSchema),
  /** True when rows were left out to keep within SQL_LIMITS.maxRows and maxResultBytes. */
  truncated: z.boolean(),
  statements: z.array(SqlStatementSchema),
  /** The database's notices and warnings, and Kiln's own (a transaction left open was undone). */
  notices: z.array(z.string()),
  durationMs: z.number().int().nonnegative(),
});
export type SqlResult = z.infer<typeof SqlResultSchema>;

export const DATABASE_BACKENDS = ['pglite', 'postgres'] as const;
export type DatabaseBackend = (typeof DATABASE_BACKENDS)[number];

export const DatabaseColumnSchema = z.object({
  name: z.string(),
  type: z.string(),
  nullable: z.boolean(),
});

export const DatabaseTableSchema = z.object({
  schema: z.string(),
  name: z.string(),
  kind: z.enum(['table', 'view']),
  columns: z.array(DatabaseColumnSchema),
});
export type DatabaseTable = z.infer<typeof DatabaseTableSchema>;

/** GET /api/database/{projectId}/schema: the tables and views of the project's database. */
export const DatabaseSchemaSchema = z.object({
  backend: z.enum(DATABASE_BACKENDS),
  /**
   * Where the database lives, for tools run by whoever operates the server: a folder under
   * DATA_DIR (PGlite) or a database name on the PROJECTS_DATABASE_URL server.
   */
  location: z.string(),
  /** False until the first query creates the database. */
  created: z.boolean(),
  tables: z.array(DatabaseTableSchema),
  /** True when the list was cut (very many tables or columns). */
  truncated: z.boolean(),
});
export type DatabaseSchema = z.infer<typeof DatabaseSchemaSchema>;
