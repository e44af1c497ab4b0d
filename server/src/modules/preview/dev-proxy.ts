import {
  request as httpRequest,
  type Agent,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { rebaseRootBase } from './base-href';
import { injectConsoleScript } from './console-script';
import { DEV_SOCKET_TAG } from './dev-socket-script';
import type { CheckPreviewLink } from './link-check';
import { isWithheldHeader } from './withheld-headers';

/** A project's running app, as the proxy reaches it (the dev-server module provides it). */
export interface DevServerUpstream {
  /** Sends HTTP requests to the app. */
  agent: Agent;
  /** A fresh connection to the app, for a WebSocket. */
  connect(): Promise<Duplex>;
  /** A request reached it: it is not idle. */
  touch(): void;
}

/**
 * The running app of a project; while it starts, a promise of it (null if it does not come to
 * listen); null when it has none (its static files are served).
 */
export type DevServerLookup = (
  projectId: string,
) => DevServerUpstream | Promise<DevServerUpstream | null> | null;

/** Headers that describe one hop, never passed on (RFC 9110, 7.6.1). */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
/** How often an open WebSocket counts as a visit. */
const SOCKET_TOUCH_MS = 10_000;
/**
 * How often an open WebSocket's link is checked again: one that expires or is revoked (its
 * project's access changed) is cut within this, plus the generation cache's age.
 */
const SOCKET_RECHECK_MS = 1000;
/**
 * How long a request made while the app starts waits for it to listen, before the static files
 * answer instead: a preview opened or refreshed just after Run shows the app, not a page of
 * files its dev server would have compiled.
 */
const DEV_START_HOLD_MS = 30_000;
/** The largest HTML page buffered to add Kiln's scripts; larger pages pass as they are. */
const MAX_INJECTED_HTML = 8 * 1024 * 1024;

interface Routed {
  upstream: DevServerUpstream;
  /** `/p/<token>`, the link's prefix. */
  prefix: string;
  /** What the app is asked for: the path after the prefix, with the query. */
  path: string;
  /** Whether the link would still be let through now. */
  stillAllowed(): Promise<boolean>;
}

/**
 * Puts a project's running dev server behind its preview link: every request and WebSocket
 * under `/p/<token>/` of a project whose app runs goes to that app, with the prefix taken off.
 * The link is checked as for static files (its token, its project's host, its generation), and
 * names the one project it can reach; an open WebSocket is cut once it no longer passes. A request
 * from such a page to a path of its own (`/src/main.tsx`, `/api/todos`) is sent back under the
 * page's link, found in its Referer (sent to this origin only). Anything else falls through to
 * the static preview.
 */
export function installDevServerProxy(
  app: FastifyInstance,
  options: {
    checkLink: CheckPreviewLink;
    lookup: DevServerLookup;
    headers: Record<string, string>;
  },
): void {
  const { checkLink, lookup } = options;
  const headers = { ...options.headers, 'referrer-policy': 'same-origin' };

  /** Where a request under a link goes; `wait` holds it while the project's app starts. */
  const route = async (
    url: string,
    requestHeaders: IncomingHttpHeaders,
    wait: boolean,
  ): Promise<Routed | null> => {
    if (!url.startsWith('/p/')) return null;
    const slash = url.indexOf('/', 3);
    if (slash === -1) return null;
    const token = url.slice(3, slash);
    const check = await checkLink(token, requestHeaders);
    if (!check.ok) return null;
    const found = lookup(check.projectId);
    const upstream = found instanceof Promise ? (wait ? await held(found) : null) : found;
    if (!upstream) return null;
    return {
      upstream,
      prefix: url.slice(0, slash),
      path: url.slice(slash),
      stillAllowed: async () => (await checkLink(token, requestHeaders)).ok,
    };
  };

  app.addHook('onRequest', async (request, reply) => {
    const routed = await route(request.url, request.headers, true);
    if (routed) {
      reply.hijack();
      // A browser that left while the app started is not answered.
      if (request.raw.socket.destroyed) return reply;
      routed.upstream.touch();
      forward(request.raw, reply.raw, routed, headers);
      return reply;
    }
    const home = fromReferer(request.headers.referer, request.headers.host);
    if (
      home &&
      !/^\/(p|__kiln)\//.test(request.url) &&
      (await route(`${home}/`, request.headers, false))
    ) {
      // 307 keeps the method and body: a form post or fetch from the page arrives as sent.
      return reply.code(307).header('location', `${home}${request.url}`).send();
    }
    return undefined;
  });

  // Open tunnels are cut when the preview server closes: a WebSocket never ends on its own.
  const tunnels = new Set<Duplex>();
  app.addHook('preClose', async () => {
    for (const socket of tunnels) socket.destroy();
  });

  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    tunnels.add(socket);
    socket.on('close', () => tunnels.delete(socket));
    socket.on('error', () => socket.destroy());
    void route(request.url ?? '', request.headers, true).then((routed) => {
      if (socket.destroyed) return;
      if (!routed) {
        socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
        return;
      }
      routed.upstream.touch();
      routed.upstream.connect().then(
        (app) => tunnel(request, socket, head, app, routed),
        () =>
          socket.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n'),
      );
    });
  });
}

/** The app once it listens, or null if it has not within DEV_START_HOLD_MS. */
function held(starting: Promise<DevServerUpstream | null>): Promise<DevServerUpstream | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), DEV_START_HOLD_MS);
  });
  return Promise.race([starting, late]).finally(() => clearTimeout(timer));
}

/** The `/p/<token>` of a Referer on this preview origin, or null. */
function fromReferer(referer: string | undefined, host: string | undefined): string | null {
  if (!referer || !host) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.host !== host) return null;
  const match = /^\/p\/[^/]+(?=\/)/.exec(url.pathname);
  return match ? match[0] : null;
}

function forward(
  request: IncomingMessage,
  response: ServerResponse,
  routed: Routed,
  headers: Record<string, string>,
): void {
  const outgoing: OutgoingHttpHeaders = passedOn(request.headers);
  outgoing['x-forwarded-prefix'] = routed.prefix;
  // A page is buffered to add Kiln's scripts, which a compressed one would not allow.
  if ((request.headers.accept ?? '').includes('text/html'))
    outgoing['accept-encoding'] = 'identity';
  const upstream = httpRequest({
    agent: routed.upstream.agent,
    method: request.method,
    path: routed.path,
    headers: outgoing,
  });
  upstream.on('response', (answer) => {
    const answerHeaders = answeredHeaders(answer.headers, routed.prefix, headers);
    const type = String(answer.headers['content-type'] ?? '');
    const length = Number(answer.headers['content-length'] ?? 0);
    if (
      answer.statusCode === 200 &&
      type.startsWith('text/html') &&
      !answer.headers['content-encoding'] &&
      request.method !== 'HEAD' &&
      length <= MAX_INJECTED_HTML
    ) {
      return void withScripts(answer, routed.prefix).then(
        (html) => {
          const body = Buffer.from(html);
          answerHeaders['content-length'] = String(body.length);
          response.writeHead(answer.statusCode ?? 502, answerHeaders);
          response.end(body);
        },
        () => response.destroy(),
      );
    }
    response.writeHead(answer.statusCode ?? 502, answerHeaders);
    answer.pipe(response);
  });
  upstream.on('error', () => {
    if (response.headersSent) return void response.destroy();
    response.writeHead(502, { ...headers, 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The app is not answering</title></head><body style="font-family:system-ui,sans-serif;color:#555;padding:2rem"><h1 style="font-size:1.1rem">The app is not answering</h1><p>It may be restarting: look at its log, then refresh the preview.</p></body></html>',
    );
  });
  response.on('close', () => {
    if (!response.writableFinished) upstream.destroy();
  });
  request.pipe(upstream);
}

/** The app's page with Kiln's scripts added and a root base moved under the link. */
function withScripts(answer: IncomingMessage, prefix: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    answer.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_INJECTED_HTML) return answer.destroy(new Error('page too large'));
      chunks.push(chunk);
    });
    answer.on('end', () => {
      const html = rebaseRootBase(Buffer.concat(chunks).toString('utf8'), prefix);
      resolve(injectConsoleScript(html, DEV_SOCKET_TAG));
    });
    answer.on('error', reject);
  });
}

/**
 * What the browser sent, less its hop headers and credentials: the preview origin has no
 * cookies of its own (decision 0005), and whatever the browser sends for this host is not the
 * app's.
 */
function passedOn(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const outgoing: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (HOP_HEADERS.has(name) || name === 'cookie' || name === 'authorization') continue;
    if (value !== undefined) outgoing[name] = value;
  }
  outgoing['x-forwarded-host'] = headers.host;
  // Dev servers accept their own loopback name (Vite's allowed hosts); the app is reached as one.
  outgoing.host = 'localhost';
  return outgoing;
}

/**
 * The app's headers, less those no preview may send (withheld-headers.ts) and its own CSP, with
 * the preview's own, and redirects kept inside.
 */
function answeredHeaders(
  headers: IncomingHttpHeaders,
  prefix: string,
  own: Record<string, string>,
): Record<string, string | string[]> {
  const answer: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_HEADERS.has(name) || isWithheldHeader(name)) continue;
    if (name === 'content-security-policy') continue;
    answer[name] = value;
  }
  const location = headers.location;
  if (location) answer.location = insidePrefix(location, prefix);
  return { ...answer, ...own };
}

/** A redirect to a path of the app's (or to the app's own address) stays under the link. */
function insidePrefix(location: string, prefix: string): string {
  if (location.startsWith('/') && !location.startsWith('//')) return `${prefix}${location}`;
  try {
    const url = new URL(location);
    if (url.hostname === 'localhost' || url.hostname === '127.0.0.1') {
      return `${prefix}${url.pathname}${url.search}${url.hash}`;
    }
  } catch {
    // Relative without a slash: relative to the page, already under the link.
  }
  return location;
}

/** A WebSocket upgrade: the request as the browser sent it (less credentials), then raw bytes. */
function tunnel(
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  app: Duplex,
  routed: Routed,
): void {
  const lines = [`${request.method ?? 'GET'} ${routed.path} HTTP/1.1`];
  for (let index = 0; index < request.rawHeaders.length; index += 2) {
    const name = request.rawHeaders[index]!;
    const lower = name.toLowerCase();
    if (lower === 'cookie' || lower === 'authorization' || lower === 'host') continue;
    lines.push(`${name}: ${request.rawHeaders[index + 1]}`);
  }
  lines.push('Host: localhost', `X-Forwarded-Prefix: ${routed.prefix}`);
  app.write(`${lines.join('\r\n')}\r\n\r\n`);
  if (head.length > 0) app.write(head);
  // An open socket is a page on screen (its hot reload waiting for a change): the app is not
  // idle while it lasts, even when nothing is said.
  const touch = () => routed.upstream.touch();
  const stillOpen = setInterval(touch, SOCKET_TOUCH_MS);
  const recheck = setInterval(() => {
    routed.stillAllowed().then(
      (allowed) => allowed || close(),
      () => close(),
    );
  }, SOCKET_RECHECK_MS);
  const close = () => {
    clearInterval(stillOpen);
    clearInterval(recheck);
    app.destroy();
    socket.destroy();
  };
  app.on('error', close);
  socket.on('error', close);
  app.on('close', close);
  socket.on('close', close);
  socket.pipe(app).pipe(socket);
}
