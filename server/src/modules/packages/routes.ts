import {
  INSTALL_STREAM_CONTENT_TYPE,
  InstallPackagesInputSchema,
  PackageSettingsSchema,
  PackageStatusSchema,
  type InstallEvent,
} from '@kiln/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseInput } from '../../lib/validation';
import { requireUser, signedIn } from '../auth';
import {
  getPackageStatus,
  startPackageInstall,
  updatePackageSettings,
  type PackagesDeps,
} from './service';

// Any string: a malformed id is a project that does not exist (404, never 400).
const ProjectParams = z.object({ projectId: z.string() });

/** A project's packages (decision 0016), for its owner. */
export function registerPackageRoutes(fastify: FastifyInstance, deps: PackagesDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A stopping server ends its installs (each then answers its `done`) before it closes.
  fastify.addHook('preClose', () => deps.installs.stopAll());

  app.get(
    '/api/packages/:projectId',
    {
      onRequest: signedIn,
      schema: { params: ProjectParams, response: { 200: PackageStatusSchema } },
    },
    async (request) =>
      getPackageStatus({
        ...deps,
        userId: requireUser(request).id,
        projectId: request.params.projectId,
      }),
  );

  app.put(
    '/api/packages/:projectId/settings',
    {
      onRequest: signedIn,
      schema: {
        params: ProjectParams,
        body: PackageSettingsSchema,
        response: { 200: PackageSettingsSchema },
      },
    },
    async (request) =>
      updatePackageSettings({
        db: deps.db,
        userId: requireUser(request).id,
        projectId: request.params.projectId,
        settings: request.body,
      }),
  );

  // Answers NDJSON as the install goes: `output` events, then one `done`. Refusals (not the
  // owner, no sandbox, an install already running, nothing to install) come first, as errors.
  app.post(
    '/api/packages/:projectId/install',
    { onRequest: signedIn, schema: { params: ProjectParams } },
    async (request, reply) => {
      const input = parseInput(InstallPackagesInputSchema, request.body);
      const install = await startPackageInstall({
        ...deps,
        userId: requireUser(request).id,
        projectId: request.params.projectId,
        force: input.force,
      });
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': INSTALL_STREAM_CONTENT_TYPE,
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      // Absent on injected test requests, which have no real socket.
      request.raw.socket?.setNoDelay?.(true);
      raw.flushHeaders();
      const send = (event: InstallEvent) => {
        if (!raw.writableEnded && !raw.destroyed) raw.write(`${JSON.stringify(event)}\n`);
      };
      // A person who closes the page does not stop the install: it finishes, within its limits.
      await install.run(send);
      if (!raw.writableEnded) raw.end();
    },
  );
}
