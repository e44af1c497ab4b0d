import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateProjectInputSchema,
  MessageResponseSchema,
  ProjectSchema,
  UpdateProjectInputSchema,
} from '@kiln/shared';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { requireUser, signedIn } from '../auth';
import { getReadableProject } from './policy';
import { presentProject } from './presenter';
import { createProject, deleteProject, listProjects, updateProject } from './service';
import { registerStorageRoutes } from './storage-routes';
import type { StorageCaps } from './storage-quota';

// Any string: a malformed id is simply a project that does not exist (404, never 400).
const IdParams = z.object({ id: z.string() });

export interface ProjectRoutesOptions {
  db: Database;
  /** This server's caps on a project's storage, for every write (modules/projects). */
  storageCaps: StorageCaps;
  /** Told when a project was made from an imported archive, so the database's upkeep can follow. */
  afterBulkImport?: () => void;
}

export function registerProjectRoutes(fastify: FastifyInstance, deps: ProjectRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  app.get(
    '/api/projects',
    // The rows arrive presented (decision 0011); checking 1,000 of them against ProjectListSchema
    // field by field would cost more than the query. projects.test.ts parses the answer with it.
    { onRequest: signedIn },
    async (request, reply) => {
      const user = requireUser(request);
      const list = await listProjects({ db, userId: user.id });
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(list));
    },
  );

  app.post(
    '/api/projects',
    {
      onRequest: signedIn,
      schema: { body: CreateProjectInputSchema, response: { 201: ProjectSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const project = await createProject({
        storageCaps: deps.storageCaps,
        db,
        user,
        input: request.body,
      });
      if (request.body.zipFiles.length > 0) deps.afterBulkImport?.();
      return reply.status(201).send(presentProject(project));
    },
  );

  app.get(
    '/api/projects/:id',
    { onRequest: signedIn, schema: { params: IdParams, response: { 200: ProjectSchema } } },
    async (request) => {
      const user = requireUser(request);
      return presentProject(
        await getReadableProject({ db, userId: user.id, projectId: request.params.id }),
      );
    },
  );

  app.patch(
    '/api/projects/:id',
    {
      onRequest: signedIn,
      schema: {
        params: IdParams,
        body: UpdateProjectInputSchema,
        response: { 200: ProjectSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const project = await updateProject({
        db,
        userId: user.id,
        projectId: request.params.id,
        changes: request.body,
      });
      return presentProject(project);
    },
  );

  app.delete(
    '/api/projects/:id',
    { onRequest: signedIn, schema: { params: IdParams, response: { 200: MessageResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      await deleteProject({ db, userId: user.id, projectId: request.params.id });
      return { message: 'Project deleted' };
    },
  );

  registerStorageRoutes(fastify, { db, storageCaps: deps.storageCaps });
}
