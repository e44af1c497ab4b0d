import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installSecurityHeaders, securityHeadersFor } from './security-headers';

const OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      frameSrc: ["'self'", 'http://*.preview.localhost:4001'],
      upgradeInsecureRequests: null,
    },
  },
};

describe('security headers', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  function appWithHeaders() {
    const app = Fastify();
    apps.push(app);
    installSecurityHeaders(app, OPTIONS);
    return app;
  }

  it('are worked out once from the options, as helmet would set them', () => {
    const headers = securityHeadersFor(OPTIONS);
    const policy = headers.get('content-security-policy')?.split(';') ?? [];
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-src 'self' http://*.preview.localhost:4001");
    expect(policy).toContain("object-src 'none'");
    expect(policy.some((directive) => directive.startsWith('upgrade-insecure-requests'))).toBe(
      false,
    );
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(headers.has('x-powered-by')).toBe(false);
  });

  it('reach every answer: a route, a 404 and an error', async () => {
    const app = appWithHeaders();
    app.get('/ok', async () => ({ ok: true }));
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    for (const url of ['/ok', '/missing', '/boom']) {
      const response = await app.inject({ url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
  });

  it("give way to a route's own header", async () => {
    const app = appWithHeaders();
    app.get('/stored', async (_request, reply) =>
      reply.header('content-security-policy', 'sandbox').send('bytes'),
    );
    const response = await app.inject({ url: '/stored' });
    expect(response.headers['content-security-policy']).toBe('sandbox');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('reach a response the route took over (an event stream)', async () => {
    const app = appWithHeaders();
    app.get('/events', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
      reply.raw.end('data: done\n\n');
    });
    const response = await app.inject({ url: '/events' });
    expect(response.headers['content-type']).toBe('text/event-stream');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('are not shared between answers: one answer changing its copy leaves the next alone', async () => {
    const app = appWithHeaders();
    app.get('/changes', async (_request, reply) => {
      reply.raw.removeHeader('x-frame-options');
      return 'changed';
    });
    app.get('/plain', async () => 'plain');
    expect((await app.inject({ url: '/changes' })).headers['x-frame-options']).toBeUndefined();
    expect((await app.inject({ url: '/plain' })).headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
