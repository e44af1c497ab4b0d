import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { workerReady } from '../../db/worker-ready';
import { PGLITE_WORKER_SOURCE } from './pglite-worker-source';
import type { SqlExecution } from './result-collector';
import {
  COPY_FROM_STDIN_MESSAGE,
  failedExecution,
  LIBRARY_REFUSAL,
  ROLLED_BACK_NOTICE,
  timedOutExecution,
  type DatabaseSession,
  type ForwardOutcome,
  type RunLimits,
} from './session';

type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'open-failed'; message: string }
  | { kind: 'result'; id: number; execution: SqlExecution }
  | { kind: 'failed'; id: number; message: string }
  | { kind: 'chunk'; id: number; chunk: Uint8Array }
  | { kind: 'forwarded'; id: number }
  | { kind: 'closed' };

/** Where PGlite's own libraries (PL/pgSQL, encodings) are in its file system. */
const PGLITE_LIBRARY_FOLDER = '/pglite/lib/postgresql';

export interface PgliteWorkerOptions {
  pglitePath: string;
  /** PGlite's Node file system, which the worker's library guard extends (library-guard.ts). */
  nodefsPath: string;
  /** PostgreSQL, compiled once in the server's thread. */
  wasmModule: WebAssembly.Module;
  /** initdb, compiled in the server's thread, for the one worker that makes the template. */
  initdbWasmModule?: WebAssembly.Module;
  /** Added to PGlite's own start parameters (pglite-backend.ts). */
  startParams: string[];
  initDbStartParams: string[];
  /** How long opening (and recovery after a stop) may take. */
  openTimeoutMs: number;
  log: FastifyBaseLogger;
}

/** A closing database gets this long to finish its checkpoint before its thread is ended. */
const CLOSE_GRACE_MS = 5_000;
/** The JavaScript heap of one worker; PGlite's own memory is WebAssembly memory beside it. */
const WORKER_HEAP_MB = 256;

/** A project's PGlite in its worker thread; see pglite-worker-source.ts. */
export class PgliteSession implements DatabaseSession {
  private nextId = 1;
  private running: { id: number; settle: (execution: SqlExecution) => void } | null = null;
  private forwarding: {
    id: number;
    onChunk: (chunk: Uint8Array) => void;
    finish: (outcome: ForwardOutcome) => void;
  } | null = null;
  private ended = false;
  /** Set once the thread is being ended; closing waits for it, so no two threads share a folder. */
  private stopping: Promise<unknown> | null = null;

  private constructor(
    private readonly worker: Worker,
    private readonly log: FastifyBaseLogger,
  ) {
    worker.on('message', (message: WorkerMessage) => this.receive(message));
    worker.on('error', (error) => {
      this.log.warn({ err: error }, 'a project database worker failed');
      this.lost(
        'The project database stopped while running the query (it may have needed too much memory); it starts again with the next query.',
      );
    });
    worker.on('exit', () =>
      this.lost(
        'The project database stopped while running the query; it starts again with the next query.',
      ),
    );
  }

  /** Starts a worker on `dataDir` and waits until PostgreSQL is ready (running initdb on an empty folder). */
  static async open(dataDir: string, options: PgliteWorkerOptions): Promise<PgliteSession> {
    const worker = new Worker(PGLITE_WORKER_SOURCE, {
      eval: true,
      workerData: {
        pglitePath: options.pglitePath,
        nodefsPath: options.nodefsPath,
        wasmModule: options.wasmModule,
        initdbWasmModule: options.initdbWasmModule,
        dataDir,
        startParams: options.startParams,
        initDbStartParams: options.initDbStartParams,
        rolledBackNotice: ROLLED_BACK_NOTICE,
        copyFailMessage: COPY_FROM_STDIN_MESSAGE,
        libraryFolder: PGLITE_LIBRARY_FOLDER,
        libraryRefusal: LIBRARY_REFUSAL,
      },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    try {
      await workerReady<WorkerMessage>(worker, {
        failure: (message) => new Error((message as { message: string }).message),
        timeoutMs: options.openTimeoutMs,
      });
    } catch (error) {
      const reason = (error as Error).message;
      options.log.warn({ dataDir, reason }, 'a project database could not be opened');
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The project database could not be opened. Please try again.',
      );
    }
    return new PgliteSession(worker, options.log);
  }

  get alive(): boolean {
    return !this.ended;
  }

  run(sql: string, limits: RunLimits): Promise<SqlExecution> {
    if (this.ended) return Promise.resolve(failedExecution('The project database is closed.'));
    if (this.running) throw new Error('a project database session runs one query at a time');
    const id = this.nextId++;
    const { timeoutMs, ...collectorLimits } = limits;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        // PostgreSQL cannot be interrupted inside this thread: the thread itself is ended.
        this.end();
        settle(timedOutExecution(timeoutMs));
      }, timeoutMs);
      const settle = (execution: SqlExecution) => {
        clearTimeout(timer);
        if (this.running?.id === id) this.running = null;
        resolve(execution);
      };
      this.running = { id, settle };
      this.worker.postMessage({ kind: 'execute', id, sql, limits: collectorLimits });
    });
  }

  /**
   * Passes a database bridge client's protocol messages to PostgreSQL and its answer back as it
   * streams out (pglite-bridge-connection.ts). Stopped like a query at `timeoutMs`: the thread is
   * ended, and the session with it.
   */
  forward(
    bytes: Uint8Array,
    onChunk: (chunk: Uint8Array) => void,
    timeoutMs: number,
  ): Promise<ForwardOutcome> {
    if (this.ended) return Promise.resolve('failed');
    if (this.running || this.forwarding) {
      throw new Error('a project database session runs one query at a time');
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.end();
        finish('timed-out');
      }, timeoutMs);
      const finish = (outcome: ForwardOutcome) => {
        clearTimeout(timer);
        if (this.forwarding?.id === id) this.forwarding = null;
        resolve(outcome);
      };
      this.forwarding = { id, onChunk, finish };
      this.worker.postMessage({ kind: 'forward', id, bytes });
    });
  }

  async close(): Promise<void> {
    if (this.ended) {
      await (this.stopping ?? this.worker.terminate());
      return;
    }
    this.ended = true;
    // A clean close checkpoints, so the next open needs no recovery.
    const closed = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, CLOSE_GRACE_MS);
      this.worker.on('message', (message: WorkerMessage) => {
        if (message.kind === 'closed') {
          clearTimeout(timer);
          resolve();
        }
      });
      this.worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    this.worker.postMessage({ kind: 'close' });
    await closed;
    this.stopping = this.worker.terminate();
    await this.stopping;
  }

  private receive(message: WorkerMessage): void {
    const forwarding = this.forwarding;
    if (forwarding && 'id' in message && message.id === forwarding.id) {
      if (message.kind === 'chunk') forwarding.onChunk(message.chunk);
      else if (message.kind === 'forwarded') forwarding.finish('done');
      else if (message.kind === 'failed') {
        this.log.warn({ reason: message.message }, 'a database bridge query failed inside PGlite');
        this.end();
        forwarding.finish('failed');
      }
      return;
    }
    if (message.kind !== 'result' && message.kind !== 'failed') return;
    const running = this.running;
    if (!running || running.id !== message.id) return;
    if (message.kind === 'result') {
      running.settle(message.execution);
      return;
    }
    this.log.warn({ reason: message.message }, 'a project database query failed inside PGlite');
    this.end();
    running.settle(
      failedExecution(
        'The project database failed to run the query; it starts again with the next query.',
      ),
    );
  }

  private lost(reason: string): void {
    this.ended = true;
    this.running?.settle(failedExecution(reason));
    this.forwarding?.finish('failed');
  }

  private end(): void {
    this.ended = true;
    this.stopping ??= this.worker.terminate();
  }
}
