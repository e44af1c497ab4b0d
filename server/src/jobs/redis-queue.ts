import { randomUUID } from 'node:crypto';
import { DelayedError, Queue, UnrecoverableError, Worker, type Job, type MinimalJob } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import {
  PermanentJobError,
  retryDelayMs,
  type EnqueueOptions,
  type JobCounts,
  type JobDefinition,
  type JobQueue,
} from './job';
import { JobRegistry } from './job-registry';

export interface RedisQueueOptions {
  url: string;
  log: FastifyBaseLogger;
  concurrency: number;
  /** Namespace of the queue's Redis keys; instances of one deployment share it. */
  prefix?: string;
}

const QUEUE_NAME = 'kiln-jobs';
const KEEP_FINISHED = { age: 7 * 86_400 };
/** Kiln's own backoff (doubling, capped per job), given to BullMQ as a custom strategy. */
const BACKOFF_TYPE = 'kiln';

/** The distributed back end: BullMQ on Redis, shared by every web and worker instance. */
export class RedisQueue implements JobQueue {
  readonly backend = 'redis' as const;
  private readonly registry = new JobRegistry();
  private readonly queue: Queue;
  private readonly running = new Map<string, AbortController>();
  private worker: Worker | undefined;
  private closed = false;

  constructor(private readonly options: RedisQueueOptions) {
    this.queue = new Queue(QUEUE_NAME, { connection: this.connection(), prefix: options.prefix });
    this.queue.on('error', (error) => options.log.error({ err: error }, 'job queue (Redis)'));
  }

  register(definition: JobDefinition<unknown>): void {
    this.registry.add(definition);
  }

  async enqueue<Payload>(
    definition: JobDefinition<Payload>,
    payload: Payload,
    options: EnqueueOptions = {},
  ) {
    const checked = this.registry.validate(definition, payload);
    const jobId = randomUUID();
    const job = await this.queue.add(definition.name, checked, {
      ...this.jobOptions(definition),
      jobId,
      delay: options.delayMs,
      // Lasts until the job completes or fails: the same meaning as the database back end.
      deduplication: options.key ? { id: `${definition.name}:${options.key}` } : undefined,
    });
    return { id: job.id ?? jobId, joined: job.id !== jobId };
  }

  async every<Payload>(definition: JobDefinition<Payload>, payload: Payload, intervalMs: number) {
    const checked = this.registry.validate(definition, payload);
    await this.queue.upsertJobScheduler(
      definition.name,
      { every: intervalMs },
      { name: definition.name, data: checked, opts: this.jobOptions(definition) },
    );
  }

  async startWorker(): Promise<void> {
    if (this.worker) return;
    this.worker = new Worker(QUEUE_NAME, (job, token) => this.process(job, token), {
      connection: this.connection(),
      prefix: this.options.prefix,
      concurrency: this.options.concurrency,
      settings: {
        backoffStrategy: (
          attemptsMade: number,
          _type?: string,
          _error?: Error,
          job?: MinimalJob,
        ) => {
          const definition = job ? this.registry.get(job.name) : undefined;
          return definition ? retryDelayMs(definition.retry, attemptsMade + 1) : 1000;
        },
      },
    });
    this.worker.on('error', (error) => this.options.log.error({ err: error }, 'job worker'));
    await this.worker.waitUntilReady();
  }

  async counts(): Promise<JobCounts> {
    const counts = await this.queue.getJobCounts(
      'waiting',
      'delayed',
      'prioritized',
      'active',
      'failed',
    );
    const of = (state: string) => counts[state] ?? 0;
    return {
      waiting: of('waiting') + of('prioritized'),
      delayed: of('delayed'),
      running: of('active'),
      failed: of('failed'),
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const controller of this.running.values()) controller.abort('server-closing');
    await this.worker?.close();
    await this.queue.close();
  }

  private connection() {
    // A worker blocks on Redis; BullMQ asks for unlimited retries per request.
    return { url: this.options.url, maxRetriesPerRequest: null };
  }

  private jobOptions(definition: JobDefinition<unknown>) {
    return {
      attempts: definition.retry.attempts,
      backoff: { type: BACKOFF_TYPE },
      removeOnComplete: KEEP_FINISHED,
      removeOnFail: KEEP_FINISHED,
    };
  }

  private async process(job: Job, token: string | undefined): Promise<void> {
    const definition = this.registry.get(job.name);
    if (!definition) throw new UnrecoverableError(`No handler for the job ${job.name}`);
    const attempt = job.attemptsMade + 1;
    const log = this.options.log.child({ job: job.name, jobId: job.id, attempt });
    const controller = new AbortController();
    this.running.set(job.id ?? '', controller);
    try {
      const payload = definition.payload.parse(job.data);
      await definition.handle(payload, { attempt, signal: controller.signal, log });
    } catch (error) {
      if (controller.signal.aborted && token) {
        // Interrupted by shutdown: back to the queue without using up a try.
        await job.moveToDelayed(Date.now(), token);
        throw new DelayedError();
      }
      if (error instanceof PermanentJobError) throw new UnrecoverableError(error.message);
      log.warn({ err: error }, 'job failed');
      throw error;
    } finally {
      this.running.delete(job.id ?? '');
    }
  }
}
