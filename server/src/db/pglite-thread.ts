import { Worker } from 'node:worker_threads';
import { DRIZZLE_TEXT_TYPES } from './pglite-parsers';
import { compiledPostgres, PGLITE_PATHS } from './pglite-shipped';
import { PGLITE_THREAD_SOURCE } from './pglite-thread-source';
import { workerReady } from './worker-ready';

/** An error as it crossed from the database's thread: its message and its plain fields. */
interface PlainError {
  message: string;
  name?: string;
  cause?: PlainError;
  [field: string]: unknown;
}

type ThreadMessage =
  | { kind: 'ready' }
  | { kind: 'open-failed'; error: PlainError }
  | { kind: 'done'; id: number; result: unknown }
  | { kind: 'failed'; id: number; error: PlainError };

type Request =
  | {
      kind: 'query';
      text: string;
      params: unknown[];
      rowMode?: 'array' | 'object';
      transaction?: number;
    }
  | { kind: 'begin'; transaction: number }
  | { kind: 'end'; transaction: number; commit: boolean }
  | { kind: 'close' };

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

/** What drizzle-orm/pglite calls on a client, in and out of a transaction. */
export interface PgliteQueries {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
}

/** The error as it was, as near as plain data allows: code, detail, constraint and causes kept. */
function revived(plain: PlainError): Error {
  const { message, name, cause, ...fields } = plain;
  const error = new Error(message, cause ? { cause: revived(cause) } : undefined);
  if (name) error.name = name;
  return Object.assign(error, fields);
}

/**
 * The parsers drizzle hands with every query are functions, which cannot cross to the thread:
 * the thread holds drizzle's text parsers from the start, so only those may be asked for. A
 * drizzle that asks for others fails here, loudly, rather than answering differently.
 */
function rowModeOf(options: QueryOptions | undefined): QueryOptions['rowMode'] {
  const asked = Object.keys(options?.parsers ?? {});
  const unheld = asked.filter((oid) => !DRIZZLE_TEXT_TYPES.includes(Number(oid)));
  if (unheld.length > 0) {
    throw new Error(`The database thread holds no parsers for types ${unheld.join(', ')}`);
  }
  return options?.rowMode;
}

/**
 * Kiln's embedded database, run in a worker thread (pglite-thread-source.ts) and given to
 * drizzle as a PGlite: `query` and `transaction` are all drizzle-orm/pglite calls. Queries keep
 * PGlite's order and its one-connection semantics: while a transaction is open in the thread,
 * every other query waits behind it there.
 */
export class PgliteThread implements PgliteQueries {
  private nextId = 1;
  private nextTransaction = 1;
  private readonly pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void }
  >();
  /** Why the thread is gone, once it is: every later call fails with it. */
  private lostBecause: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: ThreadMessage) => this.receive(message));
    worker.on('error', (error) => this.lose(error));
    worker.on('exit', (code) =>
      this.lose(new Error(`The database thread ended (exit code ${code})`)),
    );
  }

  /**
   * Starts the thread on `dataDir` (in memory when undefined, or from the dump `copyOf`) and
   * waits until PostgreSQL is ready.
   */
  static async open(options: {
    dataDir: string | undefined;
    copyOf?: Blob;
  }): Promise<PgliteThread> {
    const worker = new Worker(PGLITE_THREAD_SOURCE, {
      eval: true,
      workerData: {
        pglitePath: PGLITE_PATHS.pglite,
        pgTrgmPath: PGLITE_PATHS.pgTrgm,
        btreeGinPath: PGLITE_PATHS.btreeGin,
        wasmModule: await compiledPostgres(),
        dataDir: options.dataDir,
        copyOf: options.copyOf ? await options.copyOf.arrayBuffer() : undefined,
        textOids: DRIZZLE_TEXT_TYPES,
      },
    });
    await workerReady<ThreadMessage>(worker, {
      failure: (message) => revived((message as { error: PlainError }).error),
    });
    return new PgliteThread(worker);
  }

  async query(text: string, params: unknown[] = [], options?: QueryOptions): Promise<QueryResult> {
    return this.send<QueryResult>({ kind: 'query', text, params, rowMode: rowModeOf(options) });
  }

  /**
   * Runs `callback` in a transaction the thread holds: committed when it resolves, rolled back
   * (and its error thrown again) when it throws.
   */
  async transaction<T>(callback: (tx: PgliteQueries) => Promise<T>): Promise<T> {
    const transaction = this.nextTransaction++;
    // Not waited for: the thread takes the transaction's first query right behind it, which
    // saves a round trip while PGlite holds the transaction. A begin that fails fails its
    // queries and its end with the same error.
    this.send({ kind: 'begin', transaction }).catch(() => undefined);
    const tx: PgliteQueries = {
      query: async (text, params = [], options) =>
        this.send<QueryResult>({
          kind: 'query',
          text,
          params,
          rowMode: rowModeOf(options),
          transaction,
        }),
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      // The callback's error is what the caller hears, whatever the rollback answered.
      await this.send({ kind: 'end', transaction, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.send({ kind: 'end', transaction, commit: true });
    return result;
  }

  /** Closes PostgreSQL (a checkpoint) and ends the thread. */
  async close(): Promise<void> {
    if (this.lostBecause) return;
    await this.send({ kind: 'close' });
    await this.worker.terminate();
  }

  private send<T>(request: Request): Promise<T> {
    if (this.lostBecause) return Promise.reject(this.lostBecause);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private receive(message: ThreadMessage): void {
    if (message.kind !== 'done' && message.kind !== 'failed') return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (message.kind === 'done') waiting.resolve(message.result);
    else waiting.reject(revived(message.error));
  }

  private lose(error: Error): void {
    this.lostBecause ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.lostBecause);
    this.pending.clear();
  }
}
