import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import type { Env } from '../../env';
import { loadSecretKey } from '../../lib/secret-key';
import { mimeTypeFromName } from '../../lib/file-types';
import { OneLineRequestLog } from '../../lib/request-log';
import { CONSOLE_SCRIPT, CONSOLE_SCRIPT_PATH, injectConsoleScript } from './console-script';
import { createAccessGenerations } from './access-generations';
import { installDevServerProxy, type DevServerLookup } from './dev-proxy';
import { DEV_SOCKET_SCRIPT, DEV_SOCKET_SCRIPT_PATH } from './dev-socket-script';
import { createPreviewLinkCheck, type PreviewLinkCheck } from './link-check';
import { redactPreviewUrl } from './log-redaction';
import { projectIdOfHost, requestHostname } from './preview-host';
import { getPreviewFile } from './service';
import { previewTokenKey } from './token';
import { isWithheldHeader } from './withheld-headers';

export interface BuildPreviewAppOptions {
  env: Env;
  database: DatabaseHandle;
  /** The app's logger, to log through; no logging when left out (tests). */
  logger?: FastifyBaseLogger;
  /** Projects' running dev servers, shown in place of their files; none when left out. */
  devServers?: DevServerLookup;
}

/**
 * The preview server (decision 0005): a second Fastify instance on PREVIEW_PORT that serves
 * project files to anyone holding a signed, expiring link, each project from an origin of its
 * own (`p-<project id>.` before PREVIEW_ORIGIN's host), none of them the app's. It has no
 * sessions: it never reads a cookie and never sets one, so a page it serves has nothing of the
 * user's to use, and the app's API, on another origin, does not answer its scripts.
 */
export async function buildPreviewApp(options: BuildPreviewAppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const key = previewTokenKey(
    await loadSecretKey({ secretKey: env.SECRET_KEY, dataDir: env.DATA_DIR }),
  );
  const headers = securityHeaders(env.PUBLIC_URL);
  const previewHostname = new URL(env.PREVIEW_ORIGIN).hostname;
  const checkLink = createPreviewLinkCheck({
    key,
    previewHostname,
    trustProxy: env.TRUST_PROXY,
    generations: createAccessGenerations({ db: database.db }),
  });
  const app = Fastify({
    trustProxy: env.TRUST_PROXY,
    // The token alone is ~120 characters, and the file path follows it.
    routerOptions: { maxParamLength: 4096 },
    logController: new OneLineRequestLog(),
    // A malformed URL is answered before any hook runs, so it gets the headers here.
    frameworkErrors: (_error, _request, reply) =>
      sendPage(reply.headers(headers), 400, 'Bad request', 'This address is not valid.'),
    ...(options.logger
      ? {
          loggerInstance: options.logger.child(
            { server: 'preview' },
            // A preview URL is a bearer credential until it expires: keep it out of the log.
            { serializers: { req: (request: FastifyRequest) => describeRequest(request) } },
          ),
        }
      : { logger: false }),
  });

  // First of the hooks, so the dev-server proxy's own only ever sees a project's host.
  app.addHook('onRequest', async (request, reply) => {
    // Whatever the browser sends for this host (the app's cookies, on one machine) is not ours.
    delete request.headers.cookie;
    delete request.headers.authorization;
    // Only a project's own host serves anything: the bare preview host, an IP address or any
    // other name would be an origin shared by every project.
    const hostname = requestHostname(request.headers, env.TRUST_PROXY);
    if (projectIdOfHost(hostname, previewHostname) === null) {
      return sendPage(reply, 404, 'Not found', 'There is nothing here.');
    }
    return undefined;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const name of Object.keys(reply.getHeaders())) {
      if (isWithheldHeader(name)) reply.removeHeader(name);
    }
    void reply.headers(headers);
    return payload;
  });

  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'preview failed');
    return sendPage(reply, 500, 'Preview failed', 'Something went wrong on our side. Try again.');
  });
  app.setNotFoundHandler((_request, reply) =>
    sendPage(reply, 404, 'Not found', 'There is nothing here.'),
  );

  app.get(CONSOLE_SCRIPT_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(CONSOLE_SCRIPT),
  );
  if (options.devServers) {
    installDevServerProxy(app, { checkLink, lookup: options.devServers, headers });
    app.get(DEV_SOCKET_SCRIPT_PATH, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(DEV_SOCKET_SCRIPT),
    );
  }

  // Without the trailing slash, the page's relative links would resolve outside its project.
  app.get<{ Params: { token: string } }>('/p/:token', async (request, reply) =>
    reply.redirect(`/p/${encodeURIComponent(request.params.token)}/${queryOf(request)}`, 302),
  );

  app.get<{ Params: { token: string; '*': string } }>('/p/:token/*', async (request, reply) => {
    const check = await checkLink(request.params.token, request.headers);
    if (!check.ok) return sendRefusal(reply, check.reason);
    const requestPath = request.params['*'];
    const file = await getPreviewFile({
      db: database.db,
      projectId: check.projectId,
      requestPath,
    });
    if (file.kind === 'folder') {
      const last = requestPath.slice(requestPath.lastIndexOf('/') + 1);
      return reply.redirect(`${encodeURIComponent(last)}/${queryOf(request)}`, 302);
    }
    if (file.kind === 'missing') {
      return sendPage(
        reply,
        404,
        'Not found',
        `${requestPath || 'index.html'} is not in this project.`,
      );
    }

    const type = contentTypeFor(file.path, file.mimeType, file.content !== null);
    if (file.content !== null) {
      const body = type.startsWith('text/html') ? injectConsoleScript(file.content) : file.content;
      return reply.type(type).send(body);
    }
    return reply.type(type).send(file.data ?? Buffer.alloc(0));
  });

  return app;
}

/**
 * The user's page may run what it likes from its own origin and the web (inline scripts, eval,
 * CDNs, fetch to any API); what it may not do is be framed anywhere but the app.
 */
function securityHeaders(publicUrl: string): Record<string, string> {
  const csp = [
    "default-src 'self' data: blob: https:",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob: https:",
    "style-src 'self' 'unsafe-inline' data: blob: https:",
    'img-src * data: blob:',
    "font-src 'self' data: https:",
    'media-src * data: blob:',
    'connect-src * data: blob:',
    `frame-ancestors ${new URL(publicUrl).origin}`,
  ].join('; ');
  return {
    'content-security-policy': csp,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

/** Extension first (the page's .js must be a script), then the stored type, then a safe default. */
function contentTypeFor(path: string, storedType: string | null, isText: boolean): string {
  const type = mimeTypeFromName(path) ?? storedType ?? (isText ? 'text/plain' : null);
  if (!type) return 'application/octet-stream';
  const textual =
    isText ||
    type.startsWith('text/') ||
    /^application\/(json|javascript|xml)$|\+(json|xml)$/.test(type);
  return textual && !type.includes('charset=') ? `${type}; charset=utf-8` : type;
}

function queryOf(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index === -1 ? '' : request.url.slice(index);
}

function describeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactPreviewUrl(request.url), remoteAddress: request.ip };
}

/** Why a link does not serve, said in the frame where the page would be. */
function sendRefusal(
  reply: FastifyReply,
  reason: Extract<PreviewLinkCheck, { ok: false }>['reason'],
) {
  switch (reason) {
    case 'expired':
      return sendPage(reply, 403, 'Preview link expired', 'Refresh the preview to get a new link.');
    case 'revoked':
      return sendPage(
        reply,
        403,
        'Preview link revoked',
        'Who may see this project changed after this link was made. Refresh the preview to get a new link.',
      );
    case 'invalid':
      return sendPage(reply, 404, 'Preview not found', 'This preview link is not valid.');
  }
}

/** A small page for the preview frame: it shows in place of the user's page, so not JSON. */
function sendPage(reply: FastifyReply, status: number, title: string, message: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;color:#555;padding:2rem"><h1 style="font-size:1.1rem">${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`;
  return reply.status(status).type('text/html; charset=utf-8').send(html);
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}
