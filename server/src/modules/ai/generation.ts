import { setTimeout as sleep } from 'node:timers/promises';
import {
  GenerateProjectInputSchema,
  type ErrorCode,
  type FileChange,
  type GenerationStatus,
} from '@kiln/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { aiGenerations } from './tables';
import { users, type UserRow } from '../users/tables';
import { defineJob, type JobDefinition, type JobQueue } from '../../jobs/job';
import { AppError, notFound } from '../../lib/app-error';
import { getEditableProject, getReadableProject } from '../projects';
import { runAgentRequest, type AgentDeps } from './agent-service';

type GenerateValues = z.output<typeof GenerateProjectInputSchema>;
type GenerationRow = typeof aiGenerations.$inferSelect;

/** How often a request that waits for its generation looks at how it stands. */
const WAIT_POLL_MS = 250;

/** The request the agent gets to build a new project from its description. */
export function generationBrief(input: GenerateValues): string {
  return [
    `Build this new project from its description, creating its files.`,
    `Name: ${input.name}`,
    input.language ? `Language: ${input.language}` : '',
    '',
    input.description,
    '',
    'Start from the files already there (a template may have made some). Write complete, working files: an index.html for a website, a package.json when it needs one, and a short README.md saying what it is and how to run it. Keep it small enough to read, and finish with a summary of what you built.',
  ]
    .filter((line, index) => line !== '' || index > 0)
    .join('\n');
}

function presentGeneration(row: GenerationRow): GenerationStatus {
  return {
    projectId: row.projectId,
    status: row.status,
    message: row.message,
    filesModified: row.filesModified,
    actionLog: row.actionLog,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const unfinished = inArray(aiGenerations.status, ['queued', 'running']);

/**
 * Project generation (POST /api/ai/generate-project): the agent builds a new project from its
 * description as a job on the queue (docs/architecture.md, "Jobs"), so it outlives the request
 * that asked for it, a restart of the server, and the instance that took the request. Its
 * progress is kept in `ai_generations`, where any instance reads it for the editor
 * (GET /api/ai/generation/{projectId}). A second request while one is under way joins it.
 */
const GenerationJobPayload = z.object({ projectId: z.string().uuid() });
/** A failed model call is reported, not retried (it would be paid twice); the second try is
 * for a generation cut off by a crash. */
const GENERATION_RETRY = { attempts: 2, backoffMs: 5_000 };

export class ProjectGenerations {
  readonly job: JobDefinition<z.output<typeof GenerationJobPayload>>;

  constructor(
    private readonly deps: AgentDeps,
    private readonly queue: JobQueue,
  ) {
    this.job = defineJob({
      name: 'ai.generate-project',
      payload: GenerationJobPayload,
      retry: GENERATION_RETRY,
      handle: ({ projectId }, { signal, attempt }) =>
        this.run(projectId, signal, attempt >= GENERATION_RETRY.attempts),
    });
    queue.register(this.job);
  }

  /**
   * Starts the generation, or joins the one under way, and waits for its outcome; a request
   * that goes away stops waiting, not the generation.
   */
  async generate(
    user: UserRow,
    input: GenerateValues,
    requestSignal: AbortSignal,
  ): Promise<GenerationStatus> {
    await getEditableProject({ db: this.deps.db, userId: user.id, projectId: input.projectId });
    // Fails at once, before anything is queued, when no model is configured.
    this.deps.providers.resolve(input.provider);

    const fresh = {
      userId: user.id,
      status: 'queued' as const,
      request: input,
      message: null,
      errorCode: null,
      filesModified: [],
      actionLog: [],
      startedAt: new Date(),
      finishedAt: null,
    };
    const [started] = await this.deps.db
      .insert(aiGenerations)
      .values({ projectId: input.projectId, ...fresh })
      .onConflictDoUpdate({
        target: aiGenerations.projectId,
        set: fresh,
        // One under way is joined, not restarted.
        setWhere: inArray(aiGenerations.status, ['completed', 'failed']),
      })
      .returning();
    if (started) {
      await this.queue.enqueue(this.job, { projectId: input.projectId }, { key: input.projectId });
    }
    return this.waitForOutcome(input.projectId, requestSignal);
  }

  /** Where the project's latest generation stands, for its owner. */
  async status(userId: string, projectId: string): Promise<GenerationStatus> {
    await getReadableProject({ db: this.deps.db, userId, projectId });
    const row = await this.read(projectId);
    if (!row) throw notFound('This project is not being generated');
    return presentGeneration(row);
  }

  private async read(projectId: string): Promise<GenerationRow | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(aiGenerations)
      .where(eq(aiGenerations.projectId, projectId));
    return row;
  }

  private async waitForOutcome(projectId: string, signal: AbortSignal) {
    for (;;) {
      const row = await this.read(projectId);
      if (!row) throw notFound('This project is not being generated');
      if (row.status === 'failed') {
        throw new AppError(
          (row.errorCode as ErrorCode | null) ?? 'INTERNAL',
          row.message ?? 'The project could not be generated',
        );
      }
      if (row.status === 'completed') return presentGeneration(row);
      await sleep(WAIT_POLL_MS, undefined, { signal });
    }
  }

  /** The job: runs the agent on the project's recorded request and keeps its progress. */
  private async run(projectId: string, signal: AbortSignal, lastTry: boolean): Promise<void> {
    const { db } = this.deps;
    const row = await this.read(projectId);
    if (!row || (row.status !== 'queued' && row.status !== 'running')) return;
    const [user] = await db.select().from(users).where(eq(users.id, row.userId));
    if (!user) return;
    const input = GenerateProjectInputSchema.parse(row.request);

    const progress = { actionLog: [] as string[], filesModified: [] as FileChange[] };
    let saving = Promise.resolve();
    const save = (values: Partial<typeof aiGenerations.$inferInsert>) => {
      saving = saving.then(async () => {
        await db
          .update(aiGenerations)
          .set(values)
          .where(and(eq(aiGenerations.projectId, projectId), unfinished));
      });
      return saving;
    };
    await save({ status: 'running', ...progress });

    try {
      const { response, failure } = await runAgentRequest({
        deps: this.deps,
        user,
        kind: 'generate',
        input: {
          projectId,
          message: generationBrief(input),
          attachments: [],
          conversationHistory: [],
          ...(input.provider ? { provider: input.provider } : {}),
        },
        signal,
        emit: (event) => {
          if (event.type === 'tool-call') progress.actionLog.push(event.summary);
          else if (event.type === 'file-changed') progress.filesModified.push(event.change);
          else return;
          void save({ ...progress });
        },
      });
      // Cut off by a shutdown: the job runs again after the restart.
      if (signal.aborted) throw new Error('The server stopped during the generation');
      await save({
        status: failure ? 'failed' : 'completed',
        message: failure?.message ?? response.message,
        errorCode: failure instanceof AppError ? failure.code : failure ? 'INTERNAL' : null,
        filesModified: response.filesModified,
        actionLog: response.actionLog,
        finishedAt: new Date(),
      });
    } catch (error) {
      if (signal.aborted) throw error;
      if (lastTry || error instanceof AppError) {
        await save({
          status: 'failed',
          message: error instanceof Error ? error.message : 'The project could not be generated',
          errorCode: error instanceof AppError ? error.code : 'INTERNAL',
          finishedAt: new Date(),
        });
        if (error instanceof AppError) return;
      }
      throw error;
    }
  }
}
