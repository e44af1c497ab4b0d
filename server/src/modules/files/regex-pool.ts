import { Worker } from 'node:worker_threads';
import type { SearchResult } from '@kiln/shared';
import { AppError } from '../../lib/app-error';
import { scanFiles, type ScanFile, type ScanLimits, type ScanPattern } from './scan';

/*
 * A user's regular expression can backtrack for hours ("(a+)+$" against "aaaa…b"), and a regex
 * cannot be interrupted on the thread that runs it. So regex searches run in worker threads with
 * a hard time budget: past it, the worker is terminated and the search answers a clear 400, while
 * the server's own thread never stopped answering.
 *
 * The server ships as one bundled file (server/scripts/build.mjs), so the worker cannot be a
 * module of its own: it is started from source text, the scanner's compiled function included.
 */
const WORKER_SOURCE = `
'use strict';
const { parentPort } = require('node:worker_threads');
// tsx and Vitest compile with esbuild's keepNames, which may call this helper.
const __name = (target) => target;
const scanFiles = ${scanFiles.toString()};
parentPort.on('message', (task) => {
  try {
    parentPort.postMessage({ results: scanFiles(task.files, task.pattern, task.limits) });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface WorkerAnswer {
  results?: SearchResult[];
  error?: string;
}

export const searchTooSlow = () =>
  new AppError('VALIDATION_FAILED', 'The search took too long; simplify the regular expression');

export interface RegexSearchPoolOptions {
  /** How long one search may run before its worker is terminated. */
  timeoutMs: number;
  /** Searches running at once; more wait their turn. */
  maxWorkers: number;
  /** Searches that may wait; past that, runaway patterns sent in a loop are refused. */
  maxWaiting: number;
}

/** A few worker threads for regex searches; one stays warm between searches. */
export class RegexSearchPool {
  private readonly idle: Worker[] = [];
  private readonly waiting: Array<() => void> = [];
  private running = 0;
  private closed = false;

  constructor(private readonly options: RegexSearchPoolOptions) {}

  async scan(files: ScanFile[], pattern: ScanPattern, limits: ScanLimits): Promise<SearchResult[]> {
    if (this.waiting.length >= this.options.maxWaiting) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many searches are running. Please try again shortly.',
      );
    }
    if (this.running < this.options.maxWorkers) this.running += 1;
    // A search that ends hands its place straight to the next one waiting.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    const worker = this.idle.pop() ?? this.spawn();
    try {
      const results = await this.run(worker, { files, pattern, limits });
      if (this.closed || this.idle.length > 0) void worker.terminate();
      else this.idle.push(worker);
      return results;
    } catch (error) {
      void worker.terminate();
      throw error;
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.idle.splice(0).map((worker) => worker.terminate()));
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // The project's text is copied in; a runaway pattern must not take the server's memory.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    // An idle worker must not keep the process alive.
    worker.unref();
    return worker;
  }

  private run(worker: Worker, task: object): Promise<SearchResult[]> {
    return new Promise((resolve, reject) => {
      const settle = (outcome: () => void) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        outcome();
      };
      const onMessage = (answer: WorkerAnswer) =>
        settle(() =>
          answer.results
            ? resolve(answer.results)
            : reject(new AppError('VALIDATION_FAILED', answer.error ?? 'The search failed')),
        );
      const onError = (error: Error) => settle(() => reject(error));
      const onExit = () => settle(() => reject(new Error('the search worker stopped')));
      const timer = setTimeout(() => settle(() => reject(searchTooSlow())), this.options.timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(task);
    });
  }
}
