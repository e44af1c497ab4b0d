import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '../db/client';
import { jobs, jobSchedules } from './tables';
import {
  PermanentJobError,
  retryDelayMs,
  type EnqueuedJob,
  type EnqueueOptions,
  type JobCounts,
  type JobDefinition,
  type JobQueue,
} from './job';
import { JobRegistry } from './job-registry';

export interface DatabaseQueueOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** Jobs run at once by this process. */
  concurrency: number;
  /**
   * True when this process is the database's only user (embedded PGlite): a job left running
   * at start-up was interrupted by a crash and can be taken again at once.
   */
  soleUser: boolean;
  /** How often an idle worker looks for due jobs another instance added. */
  pollMs?: number;
  /** How long a running job is held without its worker renewing it. */
  leaseMs?: number;
}

interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

/** How long a finished job stays in the table (for support and for counting failures). */
export const FINISHED_JOBS_KEPT_MS = 7 * 86_400_000;

/**
 * The embedded back end: jobs are rows in the application database, taken with
 * `for update skip locked` so several instances on one PostgreSQL never run a job twice.
 */
export class DatabaseQueue implements JobQueue {
  readonly backend = 'database' as const;
  private readonly registry = new JobRegistry();
  private readonly workerId = randomUUID();
  private readonly running = new Map<string, AbortController>();
  /** The payload of each repeating job this process enqueues when it is due. */
  private readonly schedules = new Map<string, unknown>();
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private working = false;
  private closed = false;
  /** Ends the worker's wait early; a call while it is not waiting makes it skip the next one. */
  private wakeWaiting: (() => void) | undefined;
  private wakeRequested = false;
  private loop: Promise<void> | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly options: DatabaseQueueOptions) {
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 60_000;
  }

  register(definition: JobDefinition<unknown>): void {
    this.registry.add(definition);
  }

  async enqueue<Payload>(
    definition: JobDefinition<Payload>,
    payload: Payload,
    options: EnqueueOptions = {},
  ): Promise<EnqueuedJob> {
    const checked = this.registry.validate(definition, payload);
    const runAt = new Date(Date.now() + (options.delayMs ?? 0));
    const values = {
      name: definition.name,
      payload: checked,
      key: options.key ?? null,
      maxAttempts: definition.retry.attempts,
      runAt,
    };
    const [inserted] = await this.options.db
      .insert(jobs)
      .values(values)
      .onConflictDoNothing({
        target: [jobs.name, jobs.key],
        where: sql`${jobs.key} is not null and ${jobs.state} in ('waiting', 'running')`,
      })
      .returning({ id: jobs.id });
    if (inserted) {
      this.wake();
      return { id: inserted.id, joined: false };
    }
    const [existing] = await this.options.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.name, definition.name),
          eq(jobs.key, options.key ?? ''),
          sql`${jobs.state} in ('waiting', 'running')`,
        ),
      );
    // The job it collided with finished in between: try once more.
    return existing
      ? { id: existing.id, joined: true }
      : this.enqueue(definition, payload, options);
  }

  async every<Payload>(definition: JobDefinition<Payload>, payload: Payload, intervalMs: number) {
    this.registry.validate(definition, payload);
    await this.options.db
      .insert(jobSchedules)
      .values({ name: definition.name, intervalMs })
      .onConflictDoUpdate({ target: jobSchedules.name, set: { intervalMs } });
    this.schedules.set(definition.name, payload);
  }

  private wake(): void {
    this.wakeRequested = true;
    this.wakeWaiting?.();
  }

  async startWorker(): Promise<void> {
    if (this.working) return;
    this.working = true;
    if (this.options.soleUser) {
      // Nobody else uses this database: what is marked running was cut off by a crash.
      await this.options.db
        .update(jobs)
        .set({ state: 'waiting', lockedBy: null, lockedUntil: null, runAt: new Date() })
        .where(eq(jobs.state, 'running'));
    }
    this.heartbeat = setInterval(() => void this.renewLeases(), this.leaseMs / 3);
    this.heartbeat.unref();
    this.loop = this.work();
  }

  async counts(): Promise<JobCounts> {
    const [row] = await queryRows<JobCounts>(
      this.options.db,
      sql`select
            count(*) filter (where state = 'waiting' and run_at <= now())::int as waiting,
            count(*) filter (where state = 'waiting' and run_at > now())::int as delayed,
            count(*) filter (where state = 'running')::int as running,
            count(*) filter (where state = 'failed')::int as failed
          from jobs`,
    );
    return row ?? { waiting: 0, delayed: 0, running: 0, failed: 0 };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.wake();
    for (const controller of this.running.values()) controller.abort('server-closing');
    clearInterval(this.heartbeat);
    await this.loop;
  }

  private async work(): Promise<void> {
    const tasks = new Set<Promise<void>>();
    while (!this.closed) {
      try {
        await this.claimSchedules();
        while (!this.closed && tasks.size < this.options.concurrency) {
          const job = await this.claim();
          if (!job) break;
          const task = this.run(job).finally(() => {
            tasks.delete(task);
            this.wake();
          });
          tasks.add(task);
        }
      } catch (error) {
        if (this.closed) break;
        this.options.log.error({ err: error }, 'the job queue could not read its jobs');
      }
      if (!this.wakeRequested) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.pollMs);
          this.wakeWaiting = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      this.wakeWaiting = undefined;
      this.wakeRequested = false;
    }
    await Promise.allSettled(tasks);
  }

  /** Enqueues each schedule that is due, moving its next time on in the same statement. */
  private async claimSchedules(): Promise<void> {
    for (const [name, payload] of this.schedules) {
      const [due] = await this.options.db
        .update(jobSchedules)
        .set({ nextRunAt: sql`now() + ${jobSchedules.intervalMs} * interval '1 millisecond'` })
        .where(and(eq(jobSchedules.name, name), sql`${jobSchedules.nextRunAt} <= now()`))
        .returning({ name: jobSchedules.name });
      if (!due) continue;
      const definition = this.registry.get(name);
      if (definition) await this.enqueue(definition, payload, { key: name });
    }
  }

  /** Takes the next due job this process knows, or one whose worker stopped renewing its lease. */
  private async claim(): Promise<ClaimedJob | undefined> {
    const names = this.registry.names();
    if (names.length === 0) return undefined;
    const [job] = await queryRows<ClaimedJob>(
      this.options.db,
      sql`update jobs
          set state = 'running', attempts = attempts + 1, locked_by = ${this.workerId},
              locked_until = now() + ${this.leaseMs} * interval '1 millisecond'
          where id = (
            select id from jobs
            where name in (${sql.join(
              names.map((name) => sql`${name}`),
              sql`, `,
            )})
              and ((state = 'waiting' and run_at <= now())
                or (state = 'running' and locked_until < now()))
            order by run_at
            limit 1
            for update skip locked
          )
          returning id, name, payload, attempts, max_attempts`,
    );
    return job;
  }

  private async run(job: ClaimedJob): Promise<void> {
    const definition = this.registry.get(job.name);
    const log = this.options.log.child({ job: job.name, jobId: job.id, attempt: job.attempts });
    if (!definition) return;
    if (job.attempts > job.max_attempts) {
      // Its last try was cut off by a crash: one more would exceed the policy.
      await this.finish(job, 'failed', 'The worker stopped during the last try');
      return;
    }
    const controller = new AbortController();
    this.running.set(job.id, controller);
    try {
      const payload = definition.payload.parse(job.payload);
      await definition.handle(payload, { attempt: job.attempts, signal: controller.signal, log });
      await this.finish(job, 'completed', null);
    } catch (error) {
      await this.settleFailure(job, definition, error, controller.signal, log);
    } finally {
      this.running.delete(job.id);
    }
  }

  private async settleFailure(
    job: ClaimedJob,
    definition: JobDefinition<unknown>,
    error: unknown,
    signal: AbortSignal,
    log: FastifyBaseLogger,
  ): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    if (signal.aborted) {
      // Interrupted by shutdown: not a failure of the job; it runs again after the restart.
      await this.options.db
        .update(jobs)
        .set({
          state: 'waiting',
          attempts: sql`${jobs.attempts} - 1`,
          lockedBy: null,
          lockedUntil: null,
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId)));
      return;
    }
    const permanent = error instanceof PermanentJobError;
    if (permanent || job.attempts >= job.max_attempts) {
      log.error({ err: error }, 'job failed');
      await this.finish(job, 'failed', message);
      return;
    }
    const delayMs = retryDelayMs(definition.retry, job.attempts + 1);
    log.warn({ err: error, retryInMs: delayMs }, 'job failed; it will be tried again');
    await this.options.db
      .update(jobs)
      .set({
        state: 'waiting',
        runAt: new Date(Date.now() + delayMs),
        lastError: message,
        lockedBy: null,
        lockedUntil: null,
      })
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId)));
  }

  private async finish(job: ClaimedJob, state: 'completed' | 'failed', error: string | null) {
    await this.options.db
      .update(jobs)
      .set({
        state,
        lastError: error,
        finishedAt: new Date(),
        lockedBy: null,
        lockedUntil: null,
      })
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId)));
  }

  private async renewLeases(): Promise<void> {
    if (this.running.size === 0) return;
    try {
      await this.options.db
        .update(jobs)
        .set({ lockedUntil: sql`now() + ${this.leaseMs} * interval '1 millisecond'` })
        .where(and(eq(jobs.lockedBy, this.workerId), eq(jobs.state, 'running')));
    } catch (error) {
      this.options.log.warn({ err: error }, 'could not renew the leases of running jobs');
    }
  }
}
