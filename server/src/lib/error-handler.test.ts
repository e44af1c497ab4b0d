import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler';

/** A PostgreSQL error as node-postgres and PGlite raise it, wrapped as drizzle wraps it. */
function queryFailure(code: string, message: string): Error {
  return new Error('Failed query: update "files" set ...', {
    cause: Object.assign(new Error(message), { code }),
  });
}

describe('the error handler', () => {
  const app = Fastify();
  beforeAll(async () => {
    installErrorHandler(app);
    app.get('/database-full', () => {
      throw queryFailure('53100', 'could not extend file "base/5/16390": No space left on device');
    });
    app.get('/data-dir-full', () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    });
    app.get('/other-database-error', () => {
      throw queryFailure('23514', 'new row violates check constraint');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(['/database-full', '/data-dir-full'])(
    'answers a full disk (%s) with 507 DISK_FULL, naming the cause',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(507);
      expect(response.json()).toEqual({
        error: "The server's disk is full; your change was not saved",
        code: 'DISK_FULL',
      });
    },
  );

  it('keeps any other unexpected error a bare 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/other-database-error' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'Something went wrong on our side',
      code: 'INTERNAL',
    });
  });
});
