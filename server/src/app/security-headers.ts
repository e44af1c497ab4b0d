import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options. Kiln's options hold no per-request values (no
 * nonces, no functions of the request), so the headers are the same for every answer: helmet
 * runs once, against a response that only records what it is told, instead of being rebuilt for
 * each request (its Fastify plugin builds the whole middleware chain, CSP string included, per
 * request).
 */
export function securityHeadersFor(options: HelmetOptions): ReadonlyMap<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown = null;
  let finished = false;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      failure = error ?? null;
      finished = true;
    },
  );
  if (failure) throw failure;
  if (!finished)
    throw new Error('helmet did not finish synchronously; its headers vary per request');
  return headers;
}

/**
 * Every answer carries the security headers, set on the raw response as helmet does, so a route
 * that takes the response over (an event stream) has them too and a route's own header (a
 * stored file's sandboxing CSP) still replaces the default.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = [...securityHeadersFor(options)];
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
