import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@kiln/shared';
import { AppError } from './app-error';
import { DISK_FULL_MESSAGE, isDiskFull } from './disk-full';
import { describeIssues } from './validation';

/**
 * The one place errors become responses: expected errors keep their message and
 * code, validation errors name the field, and anything unexpected is logged and hidden.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      void reply.headers(error.headers);
      return reply.status(error.statusCode).send(body(error.message, error.code));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // fastify-type-provider-zod keeps the issue's path as `instancePath` ("/a/0/b") and its text
      // as `message`; `params` holds the rest of the issue, without either.
      const issues = error.validation.map((entry) => ({
        path: entry.instancePath.split('/').filter(Boolean),
        message: entry.message ?? 'Invalid value',
      }));
      return reply.status(400).send(body(describeIssues(issues), 'VALIDATION_FAILED'));
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send(body('Too many requests. Please wait and try again.', 'RATE_LIMITED'));
    }
    if (error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(body('The request is too large', 'PAYLOAD_TOO_LARGE'));
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type) are safe to explain.
      return reply.status(error.statusCode).send(body(error.message, 'VALIDATION_FAILED'));
    }
    if (isDiskFull(error)) {
      // Nothing was written; the same request succeeds once space is freed.
      request.log.error({ err: error }, 'the disk is full');
      return reply.status(507).send(body(DISK_FULL_MESSAGE, 'DISK_FULL'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('Something went wrong on our side', 'INTERNAL'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body(`No API route for ${request.method} ${request.url}`, 'NOT_FOUND'));
  });
}

function body(error: string, code: ErrorBody['code']): ErrorBody {
  return { error, code };
}
