import {
  AgentInputSchema,
  AgentResponseSchema,
  AiChatInputSchema,
  AiChatResponseSchema,
  AiStatusSchema,
  AiUsageSchema,
  CheckpointListSchema,
  GenerateProjectInputSchema,
  GenerationStatusSchema,
  ConversationQuerySchema,
  ConversationResponseSchema,
  RestoreCheckpointInputSchema,
  RestoreCheckpointResponseSchema,
} from '@kiln/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/job';
import { AppError } from '../../lib/app-error';
import { requireUser, signedIn } from '../auth';
import type { AccessChanges } from '../members';
import type { AgentDeps } from './agent-service';
import { runAgentRequest } from './agent-service';
import { listCheckpoints, restoreCheckpoint } from './checkpoints';
import { clearConversation, loadConversation } from './conversation';
import { openEventStream, wantsEventStream, type EventStream } from './event-stream';
import { ProjectGenerations } from './generation';
import { answerPlanningChat } from './planning-chat';
import { RunningRequests } from './running-requests';
import { getUsage } from './usage';

export interface AiRoutesOptions extends AgentDeps {
  db: Database;
  /** AI requests per user per minute. */
  ratePerMinute: number;
  /** Project generation runs as a job. */
  jobs: JobQueue;
  /** Removals and role changes: an agent turn whose person may no longer edit stops. */
  accessChanges: AccessChanges;
}

/** Attachments travel as data URLs: ten of 10 MB each, base64, with the conversation. */
const AGENT_BODY_LIMIT = 150 * 1024 * 1024;

const CheckpointParams = z.object({ id: z.string() });
// Any string: a malformed id is a project that does not exist (404, never 400).
const ProjectParams = z.object({ projectId: z.string() });

export function registerAiRoutes(fastify: FastifyInstance, deps: AiRoutesOptions): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, providers } = deps;
  const running = new RunningRequests(fastify);
  running.endOnAccessLoss(deps.accessChanges, 'the AI assistant stopped');
  const generations = new ProjectGenerations(deps, deps.jobs);
  // Per signed-in user, so one person cannot spend the server's model budget for everyone.
  const limited = {
    rateLimit: {
      max: deps.ratePerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `ai:${request.auth?.user.id ?? request.ip}`,
    },
  };

  app.get(
    '/api/ai/status',
    { onRequest: signedIn, schema: { response: { 200: AiStatusSchema } } },
    async () => providers.status(),
  );

  app.get(
    '/api/ai/usage',
    { onRequest: signedIn, schema: { response: { 200: AiUsageSchema } } },
    async (request) => getUsage(db, requireUser(request)),
  );

  app.post(
    '/api/ai/chat',
    {
      onRequest: signedIn,
      config: limited,
      bodyLimit: 16 * 1024 * 1024,
      schema: { body: AiChatInputSchema, response: { 200: AiChatResponseSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return running.track(reply, (signal) =>
        answerPlanningChat({
          db,
          providers,
          user,
          input: request.body,
          signal,
          idleMs: deps.limits.idleMs,
        }),
      );
    },
  );

  app.post(
    '/api/ai/agent',
    {
      onRequest: signedIn,
      config: limited,
      bodyLimit: AGENT_BODY_LIMIT,
      schema: { body: AgentInputSchema, response: { 200: AgentResponseSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // The turn writes to this project for this person: it ends when they may no longer.
      const scope = { userId: user.id, projectId: request.body.projectId };
      if (!wantsEventStream(request)) {
        const outcome = await running.track(
          reply,
          (signal) =>
            runAgentRequest({ deps, user, input: request.body, signal, emit: () => undefined }),
          scope,
        );
        if (outcome.failure) throw outcome.failure;
        return outcome.response;
      }
      // Checks that fail before the turn starts (no provider, no project, the allowance)
      // answer as plain JSON errors; from the first event on, failures are events.
      const live: { stream: EventStream | null } = { stream: null };
      const events = () => (live.stream ??= openEventStream(request, reply));
      try {
        const outcome = await running.track(
          reply,
          (signal) =>
            runAgentRequest({
              deps,
              user,
              input: request.body,
              signal,
              emit: (event) => events().send(event),
            }),
          scope,
        );
        const { failure } = outcome;
        events().send(
          failure
            ? { type: 'error', error: failure.message, code: failure.code }
            : { type: 'done', result: outcome.response },
        );
      } catch (error) {
        if (!live.stream) throw error;
        const known = error instanceof AppError;
        if (!known) request.log.error({ err: error }, 'agent turn failed');
        live.stream.send({
          type: 'error',
          error: known ? error.message : 'Something went wrong on the server. Please try again.',
          code: known ? error.code : 'INTERNAL',
        });
      }
      live.stream?.end();
      return reply;
    },
  );

  app.post(
    '/api/ai/generate-project',
    {
      onRequest: signedIn,
      config: limited,
      schema: { body: GenerateProjectInputSchema, response: { 200: GenerationStatusSchema } },
    },
    async (request, reply) =>
      running.track(reply, (signal) =>
        generations.generate(requireUser(request), request.body, signal),
      ),
  );

  app.get(
    '/api/ai/generation/:projectId',
    {
      onRequest: signedIn,
      schema: { params: ProjectParams, response: { 200: GenerationStatusSchema } },
    },
    async (request) => generations.status(requireUser(request).id, request.params.projectId),
  );

  app.get(
    '/api/ai/conversation',
    {
      onRequest: signedIn,
      schema: {
        querystring: ConversationQuerySchema,
        response: { 200: ConversationResponseSchema },
      },
    },
    async (request) => ({
      messages: await loadConversation({
        db,
        userId: requireUser(request).id,
        projectId: request.query.projectId,
      }),
    }),
  );

  app.delete(
    '/api/ai/conversation',
    { onRequest: signedIn, schema: { querystring: ConversationQuerySchema } },
    async (request, reply) => {
      await clearConversation({
        db,
        userId: requireUser(request).id,
        projectId: request.query.projectId,
      });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/ai/checkpoints',
    {
      onRequest: signedIn,
      schema: { querystring: ConversationQuerySchema, response: { 200: CheckpointListSchema } },
    },
    async (request) => ({
      checkpoints: await listCheckpoints({
        db,
        userId: requireUser(request).id,
        projectId: request.query.projectId,
      }),
    }),
  );

  app.post(
    '/api/ai/checkpoints/:id/restore',
    {
      onRequest: signedIn,
      schema: {
        params: CheckpointParams,
        body: RestoreCheckpointInputSchema.optional(),
        response: { 200: RestoreCheckpointResponseSchema },
      },
    },
    async (request) =>
      restoreCheckpoint({
        db,
        storageCaps: deps.storageCaps,
        userId: requireUser(request).id,
        checkpointId: request.params.id,
        force: request.body?.force ?? false,
      }),
  );
}
