import type { GenerateProjectInputSchema, GenerationStatus } from '@kiln/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { getOwnedProject } from '../projects/policy';
import { runAgentRequest, type AgentDeps } from './agent-service';

type GenerateValues = z.output<typeof GenerateProjectInputSchema>;

/** How long a finished generation's outcome stays readable by the editor. */
const FINISHED_KEPT_MS = 10 * 60_000;

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

interface Generation {
  status: GenerationStatus;
  done: Promise<GenerationStatus>;
}

/**
 * Project generation (POST /api/ai/generate-project): the agent builds a new project from its
 * description. It runs apart from the request that asked for it, so a person who opens the
 * editor early (or closes the dialog) does not stop it, and the editor can follow it
 * (GET /api/ai/generation/{projectId}). A second request while one runs joins it instead of
 * starting another. The turn is kept in the project's conversation, so the editor's chat shows
 * what was built and offers Undo.
 */
export class ProjectGenerations {
  private readonly generations = new Map<string, Generation>();
  private readonly stopping = new AbortController();

  constructor(
    fastify: FastifyInstance,
    private readonly deps: AgentDeps,
  ) {
    fastify.addHook('onClose', async () => {
      this.stopping.abort('server-closing');
      await Promise.allSettled([...this.generations.values()].map((g) => g.done));
    });
  }

  /**
   * Starts the generation, or joins the one under way, and waits for its outcome. The
   * generation is registered before anything is awaited, so two calls arriving together run one.
   */
  generate(user: UserRow, input: GenerateValues): Promise<GenerationStatus> {
    const key = `${user.id}:${input.projectId}`;
    const under = this.generations.get(key);
    if (under?.status.status === 'running') return under.done;

    const status: GenerationStatus = {
      projectId: input.projectId,
      status: 'running',
      message: null,
      filesModified: [],
      actionLog: [],
      startedAt: new Date().toISOString(),
      finishedAt: null,
    };
    const generation: Generation = { status, done: this.run(user, input, status, key) };
    this.generations.set(key, generation);
    return generation.done;
  }

  /** Where the project's latest generation stands, for its owner. */
  async status(userId: string, projectId: string): Promise<GenerationStatus> {
    await getOwnedProject({ db: this.deps.db, userId, projectId });
    const generation = this.generations.get(`${userId}:${projectId}`);
    if (!generation) throw notFound('This project is not being generated');
    return generation.status;
  }

  private async run(
    user: UserRow,
    input: GenerateValues,
    status: GenerationStatus,
    key: string,
  ): Promise<GenerationStatus> {
    const forget = () => {
      if (this.generations.get(key)?.status === status) this.generations.delete(key);
    };
    const finish = (outcome: Partial<GenerationStatus>) => {
      Object.assign(status, outcome, { finishedAt: new Date().toISOString() });
      setTimeout(forget, FINISHED_KEPT_MS).unref();
    };
    try {
      await getOwnedProject({ db: this.deps.db, userId: user.id, projectId: input.projectId });
      // Fails at once, before anything runs, when no model is configured.
      this.deps.providers.resolve(input.provider);
    } catch (error) {
      // Nothing ran: there is nothing for the editor to follow.
      forget();
      throw error;
    }
    try {
      const outcome = await runAgentRequest({
        deps: this.deps,
        user,
        kind: 'generate',
        input: {
          projectId: input.projectId,
          message: generationBrief(input),
          attachments: [],
          conversationHistory: [],
          ...(input.provider ? { provider: input.provider } : {}),
        },
        signal: this.stopping.signal,
        emit: (event) => {
          if (event.type === 'tool-call') status.actionLog.push(event.summary);
          if (event.type === 'file-changed') status.filesModified.push(event.change);
        },
      });
      const { response, failure } = outcome;
      finish({
        status: failure ? 'failed' : 'completed',
        message: failure?.message ?? response.message,
        filesModified: response.filesModified,
        actionLog: response.actionLog,
      });
      if (failure) throw failure;
      return { ...status };
    } catch (error) {
      if (status.status === 'running') {
        finish({ status: 'failed', message: error instanceof Error ? error.message : null });
      }
      throw error;
    }
  }
}
