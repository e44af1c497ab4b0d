import type { FastifyInstance, FastifyReply } from 'fastify';
import { accessEndedMessage, canStillEdit, type AccessChanges } from '../members';

/**
 * Why a request or run was stopped when it was not the person's own Stop, given as the abort
 * reason: what it answers says this instead of "Stopped.".
 */
export class StopReason {
  constructor(readonly message: string) {}
}

/** Whose request it is and which project it changes, for requests that write to one. */
export interface RequestScope {
  userId: string;
  projectId: string;
}

/**
 * The AI requests under way. Each is aborted when its caller goes away (a closed tab, Stop), and
 * all are aborted when the server closes, which then waits for them to record what they did
 * (a turn's checkpoint, its usage) before the database closes.
 */
export class RunningRequests {
  private readonly running = new Map<
    AbortController,
    { promise: Promise<unknown>; scope: RequestScope | undefined }
  >();

  constructor(fastify: FastifyInstance) {
    fastify.addHook('onClose', async () => {
      for (const controller of this.running.keys()) controller.abort('server-closing');
      await Promise.allSettled([...this.running.values()].map((entry) => entry.promise));
    });
  }

  /**
   * Runs `work` with a signal that aborts when the caller leaves or the server closes, and, for
   * a request with a `scope`, when that person may no longer change that project.
   */
  async track<T>(
    reply: FastifyReply,
    work: (signal: AbortSignal) => Promise<T>,
    scope?: RequestScope,
  ): Promise<T> {
    const controller = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort('client-gone');
    });
    const promise = work(controller.signal);
    this.running.set(controller, { promise, scope });
    try {
      return await promise;
    } finally {
      this.running.delete(controller);
    }
  }

  /**
   * Stops the scoped requests of a person in a project as soon as they are removed or made a
   * viewer: an agent turn writes on their say-so. Every instance hears the change.
   */
  endOnAccessLoss(changes: AccessChanges, what: string): () => void {
    return changes.subscribe((change) => {
      if (canStillEdit(change)) return;
      for (const [controller, { scope }] of this.running) {
        if (scope?.userId !== change.userId || scope.projectId !== change.projectId) continue;
        controller.abort(new StopReason(accessEndedMessage(change, what)));
      }
    });
  }
}
