import { EventEmitter, on } from 'node:events';
import { OrchestrateInputSchema, type AgentRole, type OrchestrationResult } from '@kiln/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { agentOrchestrations } from '../tables';
import { users, type UserRow } from '../../users/tables';
import { defineJob, type JobDefinition, type JobQueue } from '../../../jobs/job';
import { AppError, notFound } from '../../../lib/app-error';
import { isUuid } from '../../../lib/ids';
import { accessEndedMessage, canStillEdit, type AccessChanges } from '../../members';
import { getEditableProject, getReadableProject } from '../../projects';
import type { OrchestrationBody } from './body';
import { StopReason } from '../../ai';
import { freshBody, runPipeline, type PipelineDeps } from './pipeline';
import { checkRequesterAccess, refusedBody } from './requester-access';

type OrchestrateValues = z.output<typeof OrchestrateInputSchema>;
type OrchestrationRow = typeof agentOrchestrations.$inferSelect;

/** A request that waits also reads the row this often, for a run another instance does. */
const WAIT_POLL_MS = 1_000;
/** The project's orchestrations GET answers, newest first. */
const LIST_LIMIT = 10;

const OrchestrationJobPayload = z.object({ orchestrationId: z.string().uuid() });

function present(row: OrchestrationRow): OrchestrationResult {
  const body = row.result as OrchestrationBody;
  const request = row.request as OrchestrateValues;
  return {
    id: row.id,
    projectId: row.projectId,
    status: row.status,
    userRequest: request.userRequest,
    ...body,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const unfinished = inArray(agentOrchestrations.status, ['queued', 'running']);

/** A run this process is doing: whose, where, and the controller that stops it. */
interface RunHere {
  userId: string;
  projectId: string;
  stop: AbortController;
}

/**
 * Orchestrations as jobs on the queue (docs/architecture.md, "Jobs"): the request stores the
 * run and waits for it; the job runs the pipeline and writes the result after every change of a
 * task, so the request (or a reload, or another instance) shows it as it goes. A run is not
 * tried again: a second try would pay the models twice and redo changes the first one made.
 */
export class Orchestrations {
  readonly job: JobDefinition<z.output<typeof OrchestrationJobPayload>>;
  /** Tells waiting requests in this process that a row changed, without waiting for a poll. */
  private readonly changes = new EventEmitter();
  /** The runs this process is doing, so that an access change heard here stops them. */
  private readonly here = new Set<RunHere>();

  constructor(
    private readonly deps: PipelineDeps,
    private readonly queue: JobQueue,
  ) {
    this.changes.setMaxListeners(0);
    this.job = defineJob({
      name: 'agent.orchestrate',
      payload: OrchestrationJobPayload,
      retry: { attempts: 1, backoffMs: 1_000 },
      handle: ({ orchestrationId }, { signal }) => this.run(orchestrationId, signal),
    });
    queue.register(this.job);
  }

  /** Stores and queues a run for the person's project; one runs per project at a time. */
  async start(user: UserRow, input: OrchestrateValues): Promise<OrchestrationResult> {
    const { db } = this.deps;
    await getEditableProject({ db, userId: user.id, projectId: input.projectId });
    // Fails before anything is stored when the roles have no model.
    this.deps.roleModels.model('architect');
    const [busy] = await db
      .select({ id: agentOrchestrations.id })
      .from(agentOrchestrations)
      .where(and(eq(agentOrchestrations.projectId, input.projectId), unfinished))
      .limit(1);
    if (busy) {
      throw new AppError(
        'CONFLICT',
        'The agents are already working on this project. Wait for them to finish, then try again.',
      );
    }
    const [row] = await db
      .insert(agentOrchestrations)
      .values({
        projectId: input.projectId,
        userId: user.id,
        status: 'queued',
        request: input,
        result: freshBody(input.userRequest),
      })
      .returning();
    if (!row) throw new Error('the orchestration was not stored');
    await this.queue.enqueue(this.job, { orchestrationId: row.id });
    return present(row);
  }

  /**
   * The run as it changes, until it finishes; the last one yielded is finished. A request that
   * goes away stops following, not the run.
   */
  async *follow(id: string, signal: AbortSignal): AsyncGenerator<OrchestrationResult> {
    const changed = on(this.changes, id, { signal });
    let last = '';
    try {
      for (;;) {
        const row = await this.read(id);
        if (!row) throw notFound('This orchestration does not exist');
        const result = present(row);
        const seen = JSON.stringify(result);
        if (seen !== last) {
          last = seen;
          yield result;
        }
        if (row.status === 'completed' || row.status === 'failed') return;
        await Promise.race([
          changed.next(),
          new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS).unref()),
        ]);
        signal.throwIfAborted();
      }
    } finally {
      await changed.return?.();
    }
  }

  /**
   * Stop: the run ends at its next step (a model call, a tool, a task), keeping what it finished
   * and its checkpoint. Heard at once here, and within a second by another instance's job.
   */
  async cancel(userId: string, id: string): Promise<OrchestrationResult> {
    const current = await this.get(userId, id);
    if (current.status === 'completed' || current.status === 'failed') return current;
    await this.deps.db
      .update(agentOrchestrations)
      .set({ cancelRequestedAt: new Date() })
      .where(and(eq(agentOrchestrations.id, id), unfinished));
    this.changes.emit(`cancel:${id}`);
    return this.get(userId, id);
  }

  /**
   * Stops the runs a person started in a project as soon as they may no longer change it
   * (removed, or made a viewer), as Stop would: a run calls the models on their allowance and
   * writes on their say-so. Every instance hears the change and stops the runs it does.
   */
  endOnAccessLoss(changes: AccessChanges): () => void {
    return changes.subscribe((change) => {
      if (canStillEdit(change)) return;
      for (const run of this.here) {
        if (run.projectId !== change.projectId || run.userId !== change.userId) continue;
        run.stop.abort(
          new StopReason(accessEndedMessage(change, 'the agents you started were stopped')),
        );
      }
    });
  }

  /** One of the person's orchestrations; another's is not found. */
  async get(userId: string, id: string): Promise<OrchestrationResult> {
    const row = isUuid(id) ? await this.read(id) : undefined;
    if (!row || row.userId !== userId) throw notFound('This orchestration does not exist');
    return present(row);
  }

  /** The project's latest orchestrations, for its owner. */
  async list(userId: string, projectId: string): Promise<OrchestrationResult[]> {
    const { db } = this.deps;
    await getReadableProject({ db, userId, projectId });
    const rows = await db
      .select()
      .from(agentOrchestrations)
      .where(eq(agentOrchestrations.projectId, projectId))
      .orderBy(desc(agentOrchestrations.createdAt))
      .limit(LIST_LIMIT);
    return rows.map(present);
  }

  /** Roles at work in the person's running orchestrations, whichever instance runs them. */
  async busyRoles(userId: string): Promise<Set<AgentRole>> {
    const rows = await this.deps.db
      .select({ result: agentOrchestrations.result })
      .from(agentOrchestrations)
      .where(and(eq(agentOrchestrations.userId, userId), unfinished));
    const busy = new Set<AgentRole>();
    for (const row of rows) {
      for (const task of (row.result as OrchestrationBody).tasks) {
        if (task.status === 'in_progress') busy.add(task.type);
      }
    }
    return busy;
  }

  private async read(id: string): Promise<OrchestrationRow | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(agentOrchestrations)
      .where(eq(agentOrchestrations.id, id));
    return row;
  }

  private async save(id: string, values: Partial<typeof agentOrchestrations.$inferInsert>) {
    await this.deps.db
      .update(agentOrchestrations)
      .set(values)
      .where(and(eq(agentOrchestrations.id, id), unfinished));
    this.changes.emit(id);
  }

  /** The job: runs the pipeline on the stored request and keeps its progress. */
  private async run(id: string, signal: AbortSignal): Promise<void> {
    const row = await this.read(id);
    if (!row) return;
    if (row.status === 'running') {
      // Cut off by a crash or a restart: said so, not run again.
      await this.save(id, {
        status: 'failed',
        result: {
          ...(row.result as OrchestrationBody),
          error: 'The server restarted during the run. Start it again.',
        },
        finishedAt: new Date(),
      });
      return;
    }
    if (row.status !== 'queued') return;
    // Known here before its access is checked: a change committed after the check is heard.
    const run: RunHere = {
      userId: row.userId,
      projectId: row.projectId,
      stop: new AbortController(),
    };
    this.here.add(run);
    try {
      await this.runQueued(row, run.stop, signal);
    } finally {
      this.here.delete(run);
    }
  }

  /** A queued run, from the check of its starter's access to its outcome. */
  private async runQueued(
    row: OrchestrationRow,
    stop: AbortController,
    signal: AbortSignal,
  ): Promise<void> {
    const { db } = this.deps;
    const { id } = row;
    const [user] = await db.select().from(users).where(eq(users.id, row.userId));
    if (!user) return;
    // The person may have been removed or made a viewer while the run waited: it then never
    // starts, calls no model and writes nothing, and says why.
    const access = await checkRequesterAccess({ db, userId: user.id, projectId: row.projectId });
    if ('refusal' in access) {
      await this.save(id, {
        status: 'failed',
        result: refusedBody(row.result as OrchestrationBody, access.refusal),
        finishedAt: new Date(),
      });
      return;
    }
    const { project } = access;
    const request = OrchestrateInputSchema.parse(row.request);
    await this.save(id, { status: 'running' });

    // The run stops on Stop (this process at once, another within a poll), on shutdown, or when
    // its starter loses access (endOnAccessLoss).
    const onShutdown = () => stop.abort(signal.reason);
    signal.addEventListener('abort', onShutdown, { once: true });
    const onCancel = () => stop.abort('cancelled');
    this.changes.on(`cancel:${id}`, onCancel);
    const watch = setInterval(() => {
      void this.read(id).then((current) => {
        if (current?.cancelRequestedAt) onCancel();
      });
    }, WAIT_POLL_MS);
    if (row.cancelRequestedAt) onCancel();

    let saving = Promise.resolve();
    const keep = (body: OrchestrationBody) => {
      // Serialised and copied, so a slow write never lands after a later one.
      const snapshot = structuredClone(body);
      saving = saving.then(() => this.save(id, { result: snapshot }));
      return saving;
    };
    try {
      const body = await runPipeline(this.deps, {
        userId: user.id,
        project,
        request,
        signal: stop.signal,
        onProgress: keep,
      });
      await saving;
      if (signal.aborted) body.error = 'The server stopped during the run. Start it again.';
      await this.save(id, {
        status: body.error ? 'failed' : 'completed',
        result: body,
        finishedAt: new Date(),
      });
    } catch (error) {
      await saving;
      const current = await this.read(id);
      await this.save(id, {
        status: 'failed',
        result: {
          ...(current?.result as OrchestrationBody),
          error: signal.aborted
            ? 'The server stopped during the run. Start it again.'
            : 'Something went wrong on the server during the run.',
        },
        finishedAt: new Date(),
      });
      if (!signal.aborted) throw error;
    } finally {
      clearInterval(watch);
      this.changes.off(`cancel:${id}`, onCancel);
      signal.removeEventListener('abort', onShutdown);
    }
  }
}
