import type { Worker } from 'node:worker_threads';

/**
 * Waits for a database worker's `ready`. Its `open-failed` (made an Error by `failure`), an
 * error, an exit or `timeoutMs` passing ends the worker and rejects; the listeners are removed
 * either way, so the caller's own take over from here.
 */
export function workerReady<Message extends { kind: string }>(
  worker: Worker,
  options: {
    failure: (message: Message & { kind: 'open-failed' }) => Error;
    timeoutMs?: number;
  },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error: Error | null) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', settle);
      worker.off('exit', onExit);
      if (!error) return resolve();
      void worker.terminate();
      reject(error);
    };
    const onMessage = (message: Message) => {
      if (message.kind === 'ready') settle(null);
      else if (message.kind === 'open-failed') {
        settle(options.failure(message as Message & { kind: 'open-failed' }));
      }
    };
    const onExit = (code: number) =>
      settle(new Error(`the worker ended while opening (exit code ${code})`));
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => settle(new Error('timed out')), options.timeoutMs);
    worker.on('message', onMessage);
    worker.on('error', settle);
    worker.on('exit', onExit);
  });
}
