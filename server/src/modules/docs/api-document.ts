import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The API document: every route with its request and answers, generated from the zod schemas
 * the routes validate with (shared/), so it cannot drift from what the server does. Served as
 * OpenAPI at /api/openapi.json and as a readable page at /api/docs. Must be registered before
 * the routes, which it collects as they are added.
 */
export async function registerApiDocument(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Kiln API',
        version: '1',
        description: [
          'Every error answers `{ "error": "<message for people>", "code": "<CODE>" }` with the status of its code (shared/src/errors.ts).',
          'Calls that change anything (POST, PUT, PATCH, DELETE) must repeat the `csrf_token` cookie in an `x-csrf-token` header, else 403 `CSRF_FAILED`.',
          'Signed-in calls send the `session_token` cookie: without it, 401 `UNAUTHENTICATED`. A project you are neither the owner nor a member of answers 404 `NOT_FOUND`; a member whose role does not allow the call gets 403 `FORBIDDEN` (viewers read, editors change, the owner alone deletes, shares, links Git, deploys and sees secrets).',
          '`POST /api/ai/agent` with `Accept: text/event-stream` answers Server-Sent Events (AgentStreamEvent in shared/src/ai/schemas.ts) instead of JSON.',
        ].join('\n\n'),
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'session_token' },
          csrf: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
        },
      },
    },
    // Routes grouped by feature: the segment after /api (auth, projects, files, ai...).
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      const feature = /^\/api\/([^/]+)/.exec(document.url)?.[1] ?? 'other';
      return { ...transformed, schema: { ...transformed.schema, tags: [feature] } };
    },
    transformObject: jsonSchemaTransformObject,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'none', deepLinking: true },
    theme: { title: 'Kiln API' },
    staticCSP: true,
    transformSpecificationClone: true,
  });
}
