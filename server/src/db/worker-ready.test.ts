import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { workerReady } from './worker-ready';

type Message = { kind: 'ready' } | { kind: 'open-failed'; reason: string };

/** A worker whose whole program is `body`, with parentPort in scope. */
const workerOf = (body: string) =>
  new Worker(`const { parentPort } = require('node:worker_threads');\n${body}`, { eval: true });

const failure = (message: Message & { kind: 'open-failed' }) => new Error(message.reason);

/** Resolves once the worker has exited (whatever its code). */
const exited = (worker: Worker) => new Promise((resolve) => worker.once('exit', resolve));

describe('workerReady', () => {
  it("resolves on the worker's ready and leaves no listener of its own behind", async () => {
    const worker = workerOf(
      `parentPort.postMessage({ kind: 'ready' }); setInterval(() => {}, 1000);`,
    );
    const before = ['message', 'error', 'exit'].map((event) => worker.listenerCount(event));
    await workerReady<Message>(worker, { failure });
    expect(['message', 'error', 'exit'].map((event) => worker.listenerCount(event))).toEqual(
      before,
    );
    await worker.terminate();
  });

  it('rejects with what the worker said when it failed to open, and ends it', async () => {
    const worker = workerOf(
      `parentPort.postMessage({ kind: 'open-failed', reason: 'no such folder' }); setInterval(() => {}, 1000);`,
    );
    const ended = exited(worker);
    await expect(workerReady<Message>(worker, { failure })).rejects.toThrow('no such folder');
    await ended;
  });

  it('rejects at once when the worker exits before it is ready, without waiting for a timeout', async () => {
    // No timeout given: without the exit handling this would never settle and the test would
    // fail on vitest's own limit.
    const worker = workerOf(`process.exit(3);`);
    await expect(workerReady<Message>(worker, { failure })).rejects.toThrow('exit code 3');
  });

  it('rejects when the worker throws while opening', async () => {
    const worker = workerOf(`throw new Error('broken start');`);
    await expect(workerReady<Message>(worker, { failure })).rejects.toThrow(
      /broken start|exit code/,
    );
  });

  it('ends a worker that stays silent past the timeout', async () => {
    const worker = workerOf(`setInterval(() => {}, 1000);`);
    const ended = exited(worker);
    await expect(workerReady<Message>(worker, { failure, timeoutMs: 50 })).rejects.toThrow(
      'timed out',
    );
    await ended;
  });
});
