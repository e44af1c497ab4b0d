import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The AI requests under way. Each is aborted when its caller goes away (a closed tab, Stop), and
 * all are aborted when the server closes, which then waits for them to record what they did
 * (a turn's checkpoint, its usage) before the database closes.
 */
export class RunningRequests {
  private readonly running = new Map<AbortController, Promise<unknown>>();

  constructor(fastify: FastifyInstance) {
    fastify.addHook('onClose', async () => {
      for (const controller of this.running.keys()) controller.abort('server-closing');
      await Promise.allSettled(this.running.values());
    });
  }

  /** Runs `work` with a signal that aborts when the caller leaves or the server closes. */
  async track<T>(reply: FastifyReply, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort('client-gone');
    });
    const promise = work(controller.signal);
    this.running.set(controller, promise);
    try {
      return await promise;
    } finally {
      this.running.delete(controller);
    }
  }
}
