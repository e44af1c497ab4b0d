import {
  AGENT_ROLE_NAMES,
  AGENT_ROLES,
  AgentHistorySchema,
  AgentStatusSchema,
  ApplyProposalInputSchema,
  ApplyProposalResponseSchema,
  DocumentResponseSchema,
  ImproveResponseSchema,
  OptimizeResponseSchema,
  OrchestrateInputSchema,
  OrchestrationListQuerySchema,
  OrchestrationListSchema,
  OrchestrationResultSchema,
  QUICK_ACTIONS,
  QuickActionInputSchema,
  RefactorResponseSchema,
  ReviewInputSchema,
  ReviewResponseSchema,
  StaleSaveResponseSchema,
  TestInputSchema,
  TestResponseSchema,
  type OrchestrationEvent,
  type QuickAction,
} from '@kiln/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobQueue } from '../../jobs/job';
import { wantsEventStream, openEventStream, RunningRequests, assertWithinAllowance } from '../ai';
import { requireUser, signedIn } from '../auth';
import type { AccessChanges } from '../members';
import { ActiveRoles } from './active-roles';
import { listAgentHistory } from './history';
import { Orchestrations } from './orchestration/orchestrations';
import type { PipelineDeps } from './orchestration/pipeline';
import { applyProposal } from './quick-actions/apply-proposal';
import { AgentCalls } from './agent-calls';
import { RoleModels, type RoleModelSettings } from './role-models';

export interface AgentRoutesOptions extends Omit<PipelineDeps, 'roleModels' | 'active'> {
  providers: ConstructorParameters<typeof RoleModels>[0];
  roleSettings: RoleModelSettings;
  jobs: JobQueue;
  /** AI requests per user per minute (shared with the AI chat's setting). */
  ratePerMinute: number;
  /** Removals and role changes: a run whose starter may no longer edit the project stops. */
  accessChanges: AccessChanges;
}

/** A quick action's answer: its own field (spec) beside `code`, the same text. */
function quickAnswer(
  action: QuickAction,
  answer: { code: string; explanation: string; model: string },
) {
  const common = { success: true as const, ...answer };
  switch (action) {
    case 'improve':
      return { ...common, modifiedCode: answer.code };
    case 'optimize':
      return { ...common, optimizedCode: answer.code };
    case 'refactor':
      return { ...common, refactoredCode: answer.code };
    case 'document':
      return { ...common, documentedCode: answer.code };
  }
}

const IdParams = z.object({ id: z.string() });

const QUICK_ACTION_RESPONSES = {
  improve: ImproveResponseSchema,
  optimize: OptimizeResponseSchema,
  refactor: RefactorResponseSchema,
  document: DocumentResponseSchema,
} as const;

/**
 * The agents (docs/decisions/0019-multi-agent-orchestration.md): the orchestration, review,
 * generated tests, the quick actions and their Apply, and the agents' status and history.
 */
export function registerAgentRoutes(fastify: FastifyInstance, options: AgentRoutesOptions): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = options;
  const roleModels = new RoleModels(options.providers, options.roleSettings);
  const active = new ActiveRoles();
  const deps: PipelineDeps = { ...options, roleModels, active };
  const orchestrations = new Orchestrations(deps, options.jobs);
  orchestrations.endOnAccessLoss(options.accessChanges);
  const calls = new AgentCalls(deps);
  const running = new RunningRequests(fastify);
  const limited = {
    rateLimit: {
      max: options.ratePerMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `ai:${request.auth?.user.id ?? request.ip}`,
    },
  };

  app.post(
    '/api/agent/orchestrate',
    {
      onRequest: signedIn,
      config: limited,
      bodyLimit: 64 * 1024 * 1024,
      schema: { body: OrchestrateInputSchema, response: { 200: OrchestrationResultSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await assertWithinAllowance(db, user);
      const started = await orchestrations.start(user, request.body);
      if (!wantsEventStream(request)) {
        return running.track(reply, async (signal) => {
          let last = started;
          for await (const result of orchestrations.follow(started.id, signal)) last = result;
          return last;
        });
      }
      const stream = openEventStream<OrchestrationEvent>(request, reply);
      try {
        await running.track(reply, async (signal) => {
          for await (const result of orchestrations.follow(started.id, signal)) {
            const finished = result.status === 'completed' || result.status === 'failed';
            stream.send({ type: finished ? 'done' : 'progress', result });
          }
        });
      } catch (error) {
        // A caller that left stops following; the run goes on and its row shows the outcome.
        if (!reply.raw.destroyed) {
          request.log.error({ err: error }, 'following an orchestration failed');
          stream.send({
            type: 'error',
            error: 'Kiln lost track of the run. Reload to see how it ended.',
            code: 'INTERNAL',
          });
        }
      }
      stream.end();
      return reply;
    },
  );

  app.get(
    '/api/agent/orchestrations',
    {
      onRequest: signedIn,
      schema: {
        querystring: OrchestrationListQuerySchema,
        response: { 200: OrchestrationListSchema },
      },
    },
    async (request) => ({
      orchestrations: await orchestrations.list(requireUser(request).id, request.query.projectId),
    }),
  );

  app.get(
    '/api/agent/orchestrations/:id',
    {
      onRequest: signedIn,
      schema: { params: IdParams, response: { 200: OrchestrationResultSchema } },
    },
    async (request) => orchestrations.get(requireUser(request).id, request.params.id),
  );

  app.post(
    '/api/agent/orchestrations/:id/cancel',
    {
      onRequest: signedIn,
      schema: { params: IdParams, response: { 200: OrchestrationResultSchema } },
    },
    async (request) => orchestrations.cancel(requireUser(request).id, request.params.id),
  );

  app.post(
    '/api/agent/review',
    {
      onRequest: signedIn,
      config: limited,
      bodyLimit: 64 * 1024 * 1024,
      schema: { body: ReviewInputSchema, response: { 200: ReviewResponseSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return running.track(reply, (signal) => calls.review(user, request.body, signal));
    },
  );

  app.post(
    '/api/agent/test',
    {
      onRequest: signedIn,
      config: limited,
      bodyLimit: 64 * 1024 * 1024,
      schema: { body: TestInputSchema, response: { 200: TestResponseSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return running.track(reply, (signal) => calls.tests(user, request.body, signal));
    },
  );

  for (const action of QUICK_ACTIONS) {
    app.post(
      `/api/agent/${action}`,
      {
        onRequest: signedIn,
        config: limited,
        bodyLimit: 4 * 1024 * 1024,
        schema: {
          body: QuickActionInputSchema,
          response: { 200: QUICK_ACTION_RESPONSES[action] },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const answer = await running.track(reply, (signal) =>
          calls.quickAction(user, action, request.body, signal),
        );
        return quickAnswer(action, answer);
      },
    );
  }

  app.post(
    '/api/agent/apply',
    {
      onRequest: signedIn,
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        body: ApplyProposalInputSchema,
        response: { 200: ApplyProposalResponseSchema, 409: StaleSaveResponseSchema },
      },
    },
    async (request, reply) => {
      const outcome = await applyProposal({
        db,
        storageCaps: deps.storageCaps,
        userId: requireUser(request).id,
        input: request.body,
      });
      if (!outcome.applied) return reply.status(409).send(outcome.stale);
      return { file: outcome.file, checkpointId: outcome.checkpointId };
    },
  );

  app.get(
    '/api/agent/status',
    { onRequest: signedIn, schema: { response: { 200: AgentStatusSchema } } },
    async (request) => {
      const user = requireUser(request);
      const busy = await orchestrations.busyRoles(user.id);
      return {
        agents: AGENT_ROLES.map((role) => ({
          role,
          name: AGENT_ROLE_NAMES[role],
          model: roleModels.label(role),
          isActive: busy.has(role) || active.isActive(user.id, role),
        })),
      };
    },
  );

  app.get(
    '/api/agent/history',
    { onRequest: signedIn, schema: { response: { 200: AgentHistorySchema } } },
    async (request) => ({ history: await listAgentHistory(db, requireUser(request).id) }),
  );
}
