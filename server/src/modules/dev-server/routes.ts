import {
  DevServerStatusSchema,
  StartDevServerInputSchema,
  type DevServerEvent,
} from '@kiln/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseInput } from '../../lib/validation';
import { openEventStream } from '../ai';
import { requireUser, signedIn } from '../auth';
import { getReadableProject, onProjectDeleted } from '../projects';
import {
  getDevServerStatus,
  startDevServer,
  stopDevServer,
  type DevServerServiceDeps,
} from './service';

// Any string: a malformed id is a project that does not exist (404, never 400).
const IdParams = z.object({ id: z.string() });
const schema = { params: IdParams, response: { 200: DevServerStatusSchema } };

/** A project's dev server, for its owner: start (or restart), stop, status, and its log. */
export function registerDevServerRoutes(
  fastify: FastifyInstance,
  deps: DevServerServiceDeps,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A stopping server stops every app it runs, giving back their workspaces, then ends the open
  // logs (an open stream would keep it from closing).
  const openLogs = new Set<() => void>();
  fastify.addHook('preClose', async () => {
    await deps.devServers.stopAll();
    for (const cut of openLogs) cut();
  });
  // A deleted project's app has nothing left to serve.
  const stopListening = onProjectDeleted(
    (projectId) => void deps.devServers.stop(projectId, 'The project was deleted.'),
  );
  fastify.addHook('onClose', async () => stopListening());

  app.get('/api/projects/:id/dev-server', { onRequest: signedIn, schema }, async (request) =>
    getDevServerStatus({ ...deps, userId: requireUser(request).id, projectId: request.params.id }),
  );

  app.post('/api/projects/:id/dev-server', { onRequest: signedIn, schema }, async (request) => {
    const input = parseInput(StartDevServerInputSchema, request.body ?? {});
    const user = requireUser(request);
    return startDevServer({
      ...deps,
      userId: user.id,
      plan: user.subscriptionPlan,
      projectId: request.params.id,
      restart: input.restart,
    });
  });

  app.delete('/api/projects/:id/dev-server', { onRequest: signedIn, schema }, async (request) =>
    stopDevServer({ ...deps, userId: requireUser(request).id, projectId: request.params.id }),
  );

  // Server-Sent Events: what the app printed so far, then its output and status as they come,
  // across restarts, until the page goes away.
  app.get(
    '/api/projects/:id/dev-server/logs',
    { onRequest: signedIn, schema: { params: IdParams } },
    async (request, reply) => {
      const user = requireUser(request);
      const project = await getReadableProject({
        db: deps.db,
        userId: user.id,
        projectId: request.params.id,
      });
      const stream = openEventStream<DevServerEvent>(request, reply);
      const status = await getDevServerStatus({ ...deps, userId: user.id, projectId: project.id });
      const subscription = deps.devServers.subscribe(project.id, (event) => stream.send(event));
      if (subscription.backlog) stream.send({ type: 'output', data: subscription.backlog });
      stream.send({ type: 'status', status });
      // At shutdown the stream is cut rather than ended: an ended one would leave a kept-alive
      // connection that holds the server open until the browser lets it go.
      const cut = () => reply.raw.destroy();
      openLogs.add(cut);
      await new Promise<void>((resolve) => reply.raw.on('close', resolve));
      openLogs.delete(cut);
      subscription.stop();
      stream.end();
    },
  );
}
