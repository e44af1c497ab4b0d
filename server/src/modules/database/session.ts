import type { DatabaseBackend } from '@kiln/shared';
import type { PostgresBridgeTarget } from './postgres-bridge-connection';
import type { CollectorLimits, SqlExecution } from './result-collector';

export interface RunLimits extends CollectorLimits {
  timeoutMs: number;
}

/** One open connection to a project's database; it runs one query at a time. */
export interface DatabaseSession {
  /** False once the session cannot run another query (stopped, lost): it is opened anew. */
  readonly alive: boolean;
  run(sql: string, limits: RunLimits): Promise<SqlExecution>;
  /**
   * PGlite's only: a database bridge client's protocol messages passed to PostgreSQL, its answer
   * streamed back (pglite-session.ts).
   */
  forward?(
    bytes: Uint8Array,
    onChunk: (chunk: Uint8Array) => void,
    timeoutMs: number,
  ): Promise<ForwardOutcome>;
  close(): Promise<void>;
}

/** How a bridge client's messages fared: answered, stopped at the time limit, or lost. */
export type ForwardOutcome = 'done' | 'timed-out' | 'failed';

/** Where projects' databases live: PGlite folders, or databases on a PostgreSQL server. */
export interface ProjectDatabaseBackend {
  readonly kind: DatabaseBackend;
  /** Where the project's database is, for whoever operates the server. */
  location(projectId: string): string;
  exists(projectId: string): Promise<boolean>;
  /** Gets ready to create a first database without waiting for it (PGlite's template). */
  prepare(): void;
  /** Opens the project's database, creating it on first use. */
  open(projectId: string): Promise<DatabaseSession>;
  /** The projects that have a database here. */
  list(): Promise<string[]>;
  /** Deletes the project's database; its session must be closed first. */
  remove(projectId: string): Promise<void>;
  /**
   * A PostgreSQL server's only: where a database bridge connects its clients. Without it (PGlite)
   * clients take turns on the SQL runner's session.
   */
  bridgeTarget?(projectId: string): PostgresBridgeTarget;
  close(): Promise<void>;
}

export const COPY_FROM_STDIN_MESSAGE = 'COPY FROM STDIN is not available in the SQL runner';

export const LIBRARY_REFUSAL = 'Loading libraries is not available in the SQL runner';

export const ROLLED_BACK_NOTICE =
  'NOTICE: The query left a transaction open; it was rolled back. End it with COMMIT to keep its changes.';

/** The answer to a query that was stopped at the time limit. */
export function timedOutExecution(timeoutMs: number): SqlExecution {
  return failedExecution(
    `Query timed out: it ran for more than ${timeoutMs / 1000} seconds and was stopped. Changes it had not committed were undone.`,
  );
}

export function failedExecution(error: string): SqlExecution {
  return {
    columns: [],
    rows: [],
    command: null,
    rowCount: 0,
    truncated: false,
    statements: [],
    error,
    notices: [],
  };
}
