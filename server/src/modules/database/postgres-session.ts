import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import {
  createResultCollector,
  type ResultCollector,
  type ServerMessageFields,
  type SqlExecution,
} from './result-collector';
import {
  COPY_FROM_STDIN_MESSAGE,
  failedExecution,
  ROLLED_BACK_NOTICE,
  timedOutExecution,
  type DatabaseSession,
  type RunLimits,
} from './session';

/** After a cancel request, how long the query gets to stop before its connection is ended. */
const CANCEL_GRACE_MS = 2_000;

/** The promise's value, or null when it takes longer than `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** What node-postgres keeps about the backend and its connection, left out of its types. */
interface ClientInternals {
  processID: number | null;
  connection: pg.Connection & EventEmitter;
}

/** Sends the running backend of a session a cancel or a terminate (pg_cancel_backend...). */
export type SignalBackend = (pid: number, signal: 'cancel' | 'terminate') => Promise<void>;

/**
 * A simple query whose answer goes to a result collector as node-postgres parses it, instead of
 * being kept whole: a query returning millions of rows costs the server no memory.
 */
class CollectingQuery implements pg.Submittable {
  /** Resolves when the query is over: null, or the error that ended its connection. */
  readonly done: Promise<Error | null>;
  private finish!: (failure: Error | null) => void;

  constructor(
    private readonly text: string,
    private readonly collector: ResultCollector,
  ) {
    this.done = new Promise((resolve) => (this.finish = resolve));
  }

  submit(connection: pg.Connection): void {
    connection.query(this.text);
  }

  handleRowDescription(message: { fields: Array<{ name: string; dataTypeID: number }> }): void {
    this.collector.describe(
      message.fields.map((field) => ({ name: field.name, dataTypeId: field.dataTypeID })),
    );
  }

  handleDataRow(message: { fields: Array<string | null> }): void {
    this.collector.row(message.fields);
  }

  handleCommandComplete(message: { text: string }): void {
    this.collector.complete(message.text);
  }

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: pg.Connection & { sendCopyFail(message: string): void }): void {
    connection.sendCopyFail(COPY_FROM_STDIN_MESSAGE);
  }

  handleCopyData(): void {}

  /** An error of the query ends it (node-postgres sends no ReadyForQuery after it). */
  handleError(error: Error): void {
    if (error instanceof pg.DatabaseError) {
      this.collector.fail(error);
      this.finish(null);
    } else this.finish(error);
  }

  handleReadyForQuery(): void {
    this.finish(null);
  }
}

/** One connection to a project's database on the PostgreSQL server, as the project's role. */
export class PostgresSession implements DatabaseSession {
  private lost = false;

  private constructor(
    private readonly client: pg.Client,
    private readonly signal: SignalBackend,
    private readonly log: FastifyBaseLogger,
  ) {
    client.on('error', (error) => {
      this.lost = true;
      log.warn({ err: error }, 'a project database connection failed');
    });
    client.on('end', () => (this.lost = true));
  }

  static async open(
    config: pg.ClientConfig,
    signal: SignalBackend,
    log: FastifyBaseLogger,
  ): Promise<PostgresSession> {
    const client = new pg.Client({ ...config, application_name: 'kiln-sql-runner' });
    await client.connect();
    return new PostgresSession(client, signal, log);
  }

  get alive(): boolean {
    return !this.lost;
  }

  async run(sql: string, limits: RunLimits): Promise<SqlExecution> {
    const { timeoutMs, ...collectorLimits } = limits;
    const collector = createResultCollector(collectorLimits, sql);
    const internals = this.client as unknown as ClientInternals;
    const pid = internals.processID;
    // The first ReadyForQuery after the query is its own: it says whether a transaction is open.
    const transactionStatus = new Promise<string>((resolve) =>
      internals.connection.once('readyForQuery', (message: { status: string }) =>
        resolve(message.status),
      ),
    );
    const onNotice = (notice: ServerMessageFields) => collector.notice(notice);
    this.client.on('notice', onNotice);

    let timedOut = false;
    let backstop: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      if (pid !== null) void this.signal(pid, 'cancel').catch(() => undefined);
      backstop = setTimeout(() => {
        // Not stopped by the cancel: the connection goes, and the backend with it.
        this.lost = true;
        if (pid !== null) void this.signal(pid, 'terminate').catch(() => undefined);
        internals.connection.stream.destroy();
      }, CANCEL_GRACE_MS);
    }, timeoutMs);

    const query = this.client.query(new CollectingQuery(sql, collector));
    const failure = await query.done;
    clearTimeout(timer);
    clearTimeout(backstop);
    this.client.off('notice', onNotice);
    if (failure) {
      this.lost = true;
      if (timedOut) return timedOutExecution(timeoutMs);
      this.log.warn({ err: failure }, 'a project database connection was lost during a query');
      return failedExecution(
        'The connection to the project database was lost while running the query. Please try again.',
      );
    }
    try {
      const status = await within(transactionStatus, CANCEL_GRACE_MS);
      if (status === null) throw new Error('no ReadyForQuery after the query');
      if (status !== 'I') {
        await this.client.query('ROLLBACK');
        collector.addNotice(ROLLED_BACK_NOTICE);
      }
      // Every run starts alike, as on a fresh connection (settings, temporary tables).
      await this.client.query('DISCARD ALL');
    } catch (error) {
      this.lost = true;
      this.log.warn({ err: error }, 'a project database session could not be reset');
    }
    return timedOut ? timedOutExecution(timeoutMs) : collector.finish();
  }

  async close(): Promise<void> {
    this.lost = true;
    await this.client.end().catch(() => undefined);
  }
}
