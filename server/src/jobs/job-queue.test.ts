import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/client';
import { openTestDatabase } from '../test/database';
import { DatabaseQueue } from './database-queue';
import { defineJob, PermanentJobError, type JobDefinition, type JobQueue } from './job';
import { RedisQueue } from './redis-queue';

const log = Fastify({ logger: false }).log;
const redisUrl = process.env.TEST_REDIS_URL;

interface Backend {
  name: string;
  /** A queue of this back end; queues made by one test share their jobs. */
  open(): JobQueue;
  start?(): Promise<void>;
  stop?(): Promise<void>;
  /** Makes the next test's queues share a fresh store. */
  reset(): void;
}

function databaseBackend(): Backend {
  let database: DatabaseHandle;
  return {
    name: 'the application database',
    async start() {
      database = await openTestDatabase();
    },
    async stop() {
      await database.close();
    },
    reset() {
      // Each test's jobs have names of their own (see `jobsFor`), so one table serves all.
    },
    open: () =>
      new DatabaseQueue({
        db: database.db,
        log,
        concurrency: 4,
        soleUser: false,
        pollMs: 50,
      }),
  };
}

function redisBackend(url: string): Backend {
  let prefix = '';
  return {
    name: 'BullMQ on Redis',
    reset() {
      prefix = `kiln-queue-test-${randomBytes(6).toString('hex')}`;
    },
    open: () => new RedisQueue({ url, log, concurrency: 4, prefix }),
  };
}

const backends = [databaseBackend(), ...(redisUrl ? [redisBackend(redisUrl)] : [])];

describe.each(backends)('the job queue on $name', (backend) => {
  const opened: JobQueue[] = [];
  const open = () => {
    const queue = backend.open();
    opened.push(queue);
    return queue;
  };

  beforeAll(async () => {
    await backend.start?.();
  });
  afterAll(async () => {
    await backend.stop?.();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((queue) => queue.close()));
    backend.reset();
  });
  backend.reset();

  /** A job named for this test alone, recording each try. */
  function recordingJob(
    handle: (payload: { n: number }, attempt: number) => Promise<void> | void,
    retry = { attempts: 3, backoffMs: 50 },
  ) {
    const tries: { n: number; attempt: number; at: number }[] = [];
    const job = defineJob({
      name: `test.${randomBytes(4).toString('hex')}`,
      payload: z.object({ n: z.number().int() }),
      retry,
      async handle(payload, { attempt }) {
        tries.push({ n: payload.n, attempt, at: Date.now() });
        await handle(payload, attempt);
      },
    });
    return { job, tries };
  }

  async function worker(...definitions: JobDefinition<unknown>[]) {
    const queue = open();
    for (const definition of definitions) queue.register(definition);
    await queue.startWorker();
    return queue;
  }

  it('answers at once and runs the job with its payload', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { job, tries } = recordingJob(() => held);
    const queue = await worker(job);
    const enqueued = await queue.enqueue(job, { n: 7 });
    expect(enqueued).toEqual({ id: expect.any(String), joined: false });
    await expect.poll(() => tries).toEqual([{ n: 7, attempt: 1, at: expect.any(Number) }]);
    expect((await queue.counts()).running).toBe(1);
    release();
    await expect.poll(async () => (await queue.counts()).running).toBe(0);
  });

  it('refuses a payload its schema rejects, storing nothing', async () => {
    const { job } = recordingJob(() => undefined);
    const queue = await worker(job);
    const before = await queue.counts();
    await expect(queue.enqueue(job, { n: 1.5 })).rejects.toThrow();
    expect(await queue.counts()).toEqual(before);
  });

  it('tries a failing job again after a growing wait, until it succeeds', async () => {
    const { job, tries } = recordingJob((_payload, attempt) => {
      if (attempt < 3) throw new Error(`try ${attempt} fails`);
    });
    const queue = await worker(job);
    const failedBefore = (await queue.counts()).failed;
    await queue.enqueue(job, { n: 1 });
    await expect.poll(() => tries.length, { timeout: 5_000 }).toBe(3);
    expect(tries.map((t) => t.attempt)).toEqual([1, 2, 3]);
    const [first, second, third] = tries.map((t) => t.at);
    expect(second! - first!).toBeGreaterThanOrEqual(45);
    expect(third! - second!).toBeGreaterThanOrEqual(95);
    await expect.poll(async () => (await queue.counts()).running).toBe(0);
    expect((await queue.counts()).failed).toBe(failedBefore);
  });

  it('gives up after its tries, and at once on a permanent error', async () => {
    const failing = recordingJob(() => {
      throw new Error('always');
    });
    const permanent = recordingJob(() => {
      throw new PermanentJobError('no use trying again');
    });
    const queue = await worker(failing.job, permanent.job);
    const failedBefore = (await queue.counts()).failed;
    await queue.enqueue(failing.job, { n: 1 });
    await queue.enqueue(permanent.job, { n: 2 });
    await expect
      .poll(async () => (await queue.counts()).failed, { timeout: 5_000 })
      .toBe(failedBefore + 2);
    expect(failing.tries).toHaveLength(3);
    expect(permanent.tries).toHaveLength(1);
  });

  it('joins an unfinished job with the same key, and accepts a new one once it finished', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { job, tries } = recordingJob(() => held);
    const queue = await worker(job);
    const first = await queue.enqueue(job, { n: 1 }, { key: 'project-1' });
    const second = await queue.enqueue(job, { n: 2 }, { key: 'project-1' });
    const other = await queue.enqueue(job, { n: 3 }, { key: 'project-2' });
    expect(second).toEqual({ id: first.id, joined: true });
    expect(other.joined).toBe(false);
    release();
    await expect.poll(() => tries.length).toBe(2);
    await expect.poll(async () => (await queue.counts()).running).toBe(0);
    const later = await queue.enqueue(job, { n: 4 }, { key: 'project-1' });
    expect(later.joined).toBe(false);
    await expect.poll(() => tries.map((t) => t.n).sort()).toEqual([1, 3, 4]);
  });

  it('waits out a delay before running a job', async () => {
    const { job, tries } = recordingJob(() => undefined);
    const queue = await worker(job);
    const enqueuedAt = Date.now();
    await queue.enqueue(job, { n: 1 }, { delayMs: 300 });
    expect((await queue.counts()).delayed).toBe(1);
    await expect.poll(() => tries.length, { timeout: 3_000 }).toBe(1);
    expect(tries[0]!.at - enqueuedAt).toBeGreaterThanOrEqual(290);
  });

  it('runs a repeating job once per interval across two workers', async () => {
    const { job, tries } = recordingJob(() => undefined);
    const one = await worker(job);
    const two = await worker(job);
    await one.every(job, { n: 0 }, 400);
    await two.every(job, { n: 0 }, 400);
    const started = Date.now();
    await expect.poll(() => tries.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    const elapsed = Date.now() - started;
    // Never more than one run per interval, whichever worker takes it.
    expect(tries.length).toBeLessThanOrEqual(Math.floor(elapsed / 400) + 2);
  });

  it('never runs a job twice when several workers take from one queue', async () => {
    const { job, tries } = recordingJob(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    const workers = await Promise.all([worker(job), worker(job), worker(job)]);
    await Promise.all(Array.from({ length: 30 }, (_, n) => workers[n % 3]!.enqueue(job, { n })));
    await expect.poll(() => tries.length, { timeout: 10_000 }).toBe(30);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(new Set(tries.map((t) => t.n)).size).toBe(30);
    expect(tries).toHaveLength(30);
  });

  it('puts a job cut off by shutdown back, to run on the next worker without using a try', async () => {
    const { job, tries } = recordingJob(
      (_payload, attempt) =>
        new Promise<void>((resolve) => {
          if (attempt > 1 || tries.length > 1) resolve();
        }),
      { attempts: 1, backoffMs: 50 },
    );
    // The first worker's handler never ends unless aborted: the job needs the signal.
    const interruptible = defineJob({
      ...job,
      async handle(payload, context) {
        await new Promise<void>((resolve, reject) => {
          context.signal.addEventListener('abort', () => reject(new Error('interrupted')));
          void job.handle(payload, context).then(resolve);
        });
      },
    });
    const first = await worker(interruptible);
    const failedBefore = (await first.counts()).failed;
    await first.enqueue(interruptible, { n: 1 });
    await expect.poll(() => tries.length).toBe(1);
    await first.close();
    const second = await worker(interruptible);
    await expect.poll(() => tries.length, { timeout: 10_000 }).toBe(2);
    // Both runs are the first try: the interrupted one did not count.
    expect(tries.map((t) => t.attempt)).toEqual([1, 1]);
    await expect.poll(async () => (await second.counts()).running).toBe(0);
    expect((await second.counts()).failed).toBe(failedBefore);
  });
});
