import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

/** How often a failing job is tried, and how long it waits between tries. */
export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** Wait before the second try; each later wait doubles, up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs?: number;
}

export interface JobContext {
  /** 1 on the first try. */
  attempt: number;
  /** Aborted when the server shuts down; the job is then put back and runs after the restart. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

/**
 * A kind of background work (docs/architecture.md, "Jobs"): a name, the zod schema its payload
 * must satisfy, the handler, and its retry policy. Handlers must be safe to run again: a job
 * interrupted by a crash runs a second time.
 */
export interface JobDefinition<Payload = unknown> {
  name: string;
  payload: z.ZodType<Payload>;
  retry: RetryPolicy;
  handle(payload: Payload, context: JobContext): Promise<void>;
}

export function defineJob<Schema extends z.ZodType>(
  definition: JobDefinition<z.output<Schema>> & { payload: Schema },
): JobDefinition<z.output<Schema>> {
  return definition;
}

/** Thrown by a handler when trying again cannot help (the user is gone, the input is wrong). */
export class PermanentJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/** The wait before try number `nextAttempt` (2 for the first retry). */
export function retryDelayMs(policy: RetryPolicy, nextAttempt: number): number {
  const delay = policy.backoffMs * 2 ** Math.max(0, nextAttempt - 2);
  return Math.min(delay, policy.maxBackoffMs ?? Number.POSITIVE_INFINITY);
}

export interface EnqueueOptions {
  /**
   * While a job of the same name and key is waiting or running, enqueueing again answers that
   * job instead of adding another (say, one upkeep after many imports).
   */
  key?: string;
  delayMs?: number;
}

export interface EnqueuedJob {
  id: string;
  /** True when an unfinished job with the same key answered instead. */
  joined: boolean;
}

export interface JobCounts {
  /** Due now, not yet taken. */
  waiting: number;
  /** Due later: a retry's backoff, a delay, the next run of a repeating job. */
  delayed: number;
  running: number;
  failed: number;
}

/**
 * The one queue interface both back ends implement: jobs kept in the application database
 * (the embedded default) or BullMQ on Redis (with `REDIS_URL`).
 */
export interface JobQueue {
  readonly backend: 'database' | 'redis';
  /** Makes a job kind known; every process registers the same ones before it enqueues. */
  register(definition: JobDefinition<unknown>): void;
  /** Validates the payload and stores the job; answers at once, before it runs. */
  enqueue<Payload>(
    definition: JobDefinition<Payload>,
    payload: Payload,
    options?: EnqueueOptions,
  ): Promise<EnqueuedJob>;
  /** Runs a registered job every `intervalMs`, once across all instances. */
  every<Payload>(
    definition: JobDefinition<Payload>,
    payload: Payload,
    intervalMs: number,
  ): Promise<void>;
  /** Starts taking jobs (the worker role). */
  startWorker(): Promise<void>;
  counts(): Promise<JobCounts>;
  /** Stops taking jobs, interrupts running ones (they run again after a restart) and closes. */
  close(): Promise<void>;
}
