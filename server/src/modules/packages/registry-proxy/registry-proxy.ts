import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PackageEcosystem } from '@kiln/shared';
import type { FastifyBaseLogger } from 'fastify';
import { RefusedAddressError } from '../../../lib/pinned-address';
import {
  ArchiveCache,
  ArchiveTooLargeError,
  IntegrityError,
  matchesDigests,
  type CachedArchive,
  type ExpectedDigest,
} from './archive-cache';
import { archiveAddressRule, mayDownloadFrom } from './archive-hosts';
import { createLinkSigner, type LinkSigner } from './link-signer';
import { npmPackageOf, rewritePackument } from './npm-metadata';
import { ProblemLog, type RegistryProblem } from './problems';
import {
  pypiProjectOf,
  PYPI_JSON_TYPE,
  rewriteIndexHtml,
  rewriteIndexJson,
  type IndexFileLink,
} from './pypi-metadata';
import { bodyBytes, fetchUpstream, readBodyCapped, UpstreamUnreachableError } from './upstream';

export interface RegistryProxySettings {
  /** NPM_REGISTRY_URL. */
  npmRegistryUrl: string;
  /** PIP_INDEX_URL. */
  pipIndexUrl: string;
  /** DATA_DIR/package-cache: archives shared by every project. */
  cacheDir: string;
  /** Signs the links the proxy writes; derived from SECRET_KEY for this purpose. */
  signingKey: Buffer;
  log?: FastifyBaseLogger;
  metadataTimeoutMs?: number;
  archiveTimeoutMs?: number;
  maxMetadataBytes?: number;
  maxArchiveBytes?: number;
}

/** One per server: the registries, the archive cache and the downloads under way. */
export interface RegistryProxy {
  /** The registries' addresses, each ending in a slash. */
  readonly upstreams: Readonly<Record<PackageEcosystem, string>>;
  /**
   * The request handler of one session's bridge, answering as `origin` (the address programs
   * in the sandbox use), and what it saw go wrong. Metadata is never shared between bridges.
   */
  forBridge(origin: string): {
    handle(request: IncomingMessage, response: ServerResponse): void;
    problems(): RegistryProblem[];
  };
}

/** Path prefixes of the proxy, by ecosystem. */
const PREFIX: Record<PackageEcosystem, string> = { npm: 'npm', python: 'pypi' };
/** Links the proxy signed live under this segment, which no npm or PyPI name can start with. */
const SIGNED = '~file';
/** Digests remembered per bridge; a packument of thousands of versions stays far below. */
const MAX_REMEMBERED_DIGESTS = 200_000;

/** Redirects one archive download follows (a mirror sending it to its storage, say). */
const MAX_ARCHIVE_REDIRECTS = 5;

class UpstreamStatusError extends Error {
  constructor(readonly status: number) {
    super(`the registry answered ${status}`);
  }
}

/** A download led, first or by a redirect, to a host the proxy does not reach. */
class RefusedHostError extends Error {
  constructor(readonly host: string) {
    super(`Kiln does not download packages from ${host}.`);
    this.name = 'RefusedHostError';
  }
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);
const isWheel = (url: string) => /\.whl$/i.test(new URL(url).pathname);

/**
 * Kiln's registry proxy (decision 0016): the only way a sandbox reaches a package registry.
 * `/npm/...` goes to NPM_REGISTRY_URL and `/pypi/...` to PIP_INDEX_URL, GET and HEAD only.
 * Metadata is rewritten so every archive is fetched through the proxy, archives on another host
 * by a signed link; archives are checked against the digests the metadata published and kept in
 * a cache shared by all projects.
 */
export function createRegistryProxy(settings: RegistryProxySettings): RegistryProxy {
  const upstreams = {
    npm: withSlash(new URL(settings.npmRegistryUrl).href),
    python: withSlash(new URL(settings.pipIndexUrl).href),
  };
  const registryHosts = new Set([new URL(upstreams.npm).host, new URL(upstreams.python).host]);
  const limits = {
    metadataTimeoutMs: settings.metadataTimeoutMs ?? 60_000,
    archiveTimeoutMs: settings.archiveTimeoutMs ?? 300_000,
    maxMetadataBytes: settings.maxMetadataBytes ?? 64 * 1024 * 1024,
    maxArchiveBytes: settings.maxArchiveBytes ?? 1024 * 1024 * 1024,
  };
  const signer = createLinkSigner(settings.signingKey);
  const cache = new ArchiveCache(settings.cacheDir);
  const downloads = new Map<string, Promise<CachedArchive>>();

  /**
   * Asks for an archive, following redirects; every hop passes the rules the first request
   * passed (archive-hosts.ts) and is connected to the address that was checked.
   */
  async function requestArchive(url: string): Promise<Response> {
    let hop = new URL(url);
    for (let redirects = 0; ; redirects += 1) {
      const allow = archiveAddressRule(hop, registryHosts);
      if (!allow) throw new RefusedHostError(hop.host);
      const response = await fetchUpstream(hop.href, {
        headers: { 'user-agent': 'kiln-registry-proxy' },
        allow,
        timeoutMs: limits.archiveTimeoutMs,
      }).catch((error: unknown) => {
        throw error instanceof RefusedAddressError ? new RefusedHostError(hop.host) : error;
      });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return response;
      await response.body?.cancel().catch(() => {});
      if (redirects >= MAX_ARCHIVE_REDIRECTS) throw new UpstreamStatusError(response.status);
      hop = new URL(location, hop);
    }
  }

  function download(url: string, expected: ExpectedDigest[]): Promise<CachedArchive> {
    let pending = downloads.get(url);
    if (!pending) {
      pending = (async () => {
        const response = await requestArchive(url);
        if (!response.ok) {
          await response.body?.cancel().catch(() => {});
          throw new UpstreamStatusError(response.status);
        }
        return cache.store(url, bodyBytes(response, limits.archiveTimeoutMs), {
          maxBytes: limits.maxArchiveBytes,
          expected,
        });
      })();
      downloads.set(url, pending);
      const forget = () => downloads.delete(url);
      pending.then(forget, forget);
    }
    return pending;
  }

  return {
    upstreams,
    forBridge(origin) {
      const problems = new ProblemLog();
      const digests = new Map<string, ExpectedDigest[]>();
      const context: BridgeContext = {
        origin,
        upstreams,
        registryHosts,
        limits,
        signer,
        cache,
        download,
        problems,
        log: settings.log,
        remember(url, expected) {
          if (expected.length === 0) return;
          if (digests.size >= MAX_REMEMBERED_DIGESTS) digests.clear();
          digests.set(url, expected);
        },
        expectedFor: (url) => digests.get(url) ?? [],
      };
      return {
        handle(request, response) {
          handleRequest(context, request, response).catch((error: unknown) => {
            settings.log?.error({ err: error }, 'registry proxy failed');
            if (!response.headersSent) sendText(response, 500, null, 'Kiln could not answer');
            else response.destroy();
          });
        },
        problems: () => problems.list(),
      };
    },
  };
}

interface BridgeContext {
  origin: string;
  upstreams: Readonly<Record<PackageEcosystem, string>>;
  registryHosts: ReadonlySet<string>;
  limits: {
    metadataTimeoutMs: number;
    archiveTimeoutMs: number;
    maxMetadataBytes: number;
    maxArchiveBytes: number;
  };
  signer: LinkSigner;
  cache: ArchiveCache;
  download(url: string, expected: ExpectedDigest[]): Promise<CachedArchive>;
  problems: ProblemLog;
  log: FastifyBaseLogger | undefined;
  remember(url: string, expected: ExpectedDigest[]): void;
  expectedFor(url: string): ExpectedDigest[];
}

/**
 * An answer npm and pip show: npm prints the `error` field of a JSON body after the status,
 * pip the status and the text.
 */
function sendText(
  response: ServerResponse,
  status: number,
  ecosystem: PackageEcosystem | null,
  message: string,
  headers: Record<string, string> = {},
): void {
  const json = ecosystem === 'npm';
  const body = json ? JSON.stringify({ error: message }) : `${message}\n`;
  response.writeHead(status, {
    'content-type': json ? 'application/json' : 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(body);
}

async function handleRequest(
  context: BridgeContext,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const method = request.method ?? 'GET';
  const requested = new URL(request.url ?? '/', 'http://proxy.invalid');
  const match = /^\/(npm|pypi)\/(.*)$/s.exec(requested.pathname);
  if (!match) {
    sendText(response, 404, null, "Kiln's registry proxy answers under /npm/ and /pypi/ only.");
    return;
  }
  const ecosystem: PackageEcosystem = match[1] === 'npm' ? 'npm' : 'python';
  const rest = match[2] ?? '';
  if (method !== 'GET' && method !== 'HEAD') {
    context.problems.add({ kind: 'refused', ecosystem, reason: `${method} requests` });
    sendText(
      response,
      405,
      ecosystem,
      `Kiln's registry proxy only downloads packages: ${method} requests (publish, audit, login) are not available in Kiln.`,
      { allow: 'GET, HEAD' },
    );
    return;
  }
  const head = method === 'HEAD';
  if (rest.startsWith(`${SIGNED}/`)) {
    await serveSignedArchive(context, ecosystem, rest, response, head);
    return;
  }
  const base = context.upstreams[ecosystem];
  const upstream = new URL(rest.replace(/^\/+/, '') + requested.search, base).href;
  if (!upstream.startsWith(base)) {
    sendText(response, 400, ecosystem, 'That address is outside the registry.');
    return;
  }
  if (isArchivePath(ecosystem, rest)) {
    if (ecosystem === 'python' && !isWheel(upstream)) {
      refuseSource(context, response);
      return;
    }
    await serveArchive(context, ecosystem, upstream, response, head);
    return;
  }
  await serveMetadata(
    context,
    ecosystem,
    { upstream, rest, accept: request.headers.accept },
    response,
    head,
  );
}

/**
 * npm tarballs live under `<name>/-/` (a package may be called `foo.zip`); an index page ends
 * in a slash, its files in their archive's extension.
 */
function isArchivePath(ecosystem: PackageEcosystem, rest: string): boolean {
  if (ecosystem === 'npm') return /^(?:@[^/]+\/)?[^/]+\/-\/[^/]+\.tgz$/i.test(rest);
  return /\.(whl|tar\.gz|tar\.bz2|zip|egg)$/i.test(rest);
}

function refuseSource(context: BridgeContext, response: ServerResponse): void {
  context.problems.add({ kind: 'refused', ecosystem: 'python', reason: 'a source archive' });
  sendText(
    response,
    403,
    'python',
    'Kiln installs Python packages from wheels only; source archives are not downloaded.',
  );
}

/** `~file/<signature>/<address, base64url>/<file name>`: a link this proxy wrote. */
async function serveSignedArchive(
  context: BridgeContext,
  ecosystem: PackageEcosystem,
  rest: string,
  response: ServerResponse,
  head: boolean,
): Promise<void> {
  const [, signature = '', encoded = ''] = rest.split('/');
  const target = Buffer.from(encoded, 'base64url').toString('utf8');
  let url: URL | null = null;
  try {
    url = new URL(target);
  } catch {
    url = null;
  }
  if (!url || url.href !== target || !context.signer.verify(PREFIX[ecosystem], target, signature)) {
    context.problems.add({ kind: 'refused', ecosystem, reason: 'a link it did not sign' });
    sendText(
      response,
      403,
      ecosystem,
      "Kiln's registry proxy only follows links it wrote itself into the registry's answers.",
    );
    return;
  }
  if (ecosystem === 'python' && !isWheel(target)) {
    refuseSource(context, response);
    return;
  }
  if (!mayDownloadFrom(url, context.registryHosts)) {
    refuseHost(context, ecosystem, new RefusedHostError(url.host), response);
    return;
  }
  await serveArchive(context, ecosystem, target, response, head);
}

async function serveArchive(
  context: BridgeContext,
  ecosystem: PackageEcosystem,
  url: string,
  response: ServerResponse,
  head: boolean,
): Promise<void> {
  const expected = context.expectedFor(url);
  let archive: CachedArchive | null;
  try {
    archive = await context.cache.lookup(url);
    if (archive && !matchesDigests(archive, expected)) archive = null;
    if (!archive) {
      archive = await context.download(url, expected);
      // Another bridge's download of the same address may have had other digests to check.
      if (!matchesDigests(archive, expected)) throw new IntegrityError(url);
    }
  } catch (error) {
    answerFailure(context, ecosystem, url, error, response);
    return;
  }
  response.writeHead(200, {
    'content-type': 'application/octet-stream',
    'content-length': String(archive.size),
    // An archive never changes under its address: npm keeps it in its cache (the project's).
    'cache-control': 'public, max-age=31536000, immutable',
  });
  if (head) {
    response.end();
    return;
  }
  const stream = createReadStream(archive.file);
  stream.on('error', () => response.destroy());
  stream.pipe(response);
}

function refuseHost(
  context: BridgeContext,
  ecosystem: PackageEcosystem,
  error: RefusedHostError,
  response: ServerResponse,
): void {
  context.problems.add({
    kind: 'refused',
    ecosystem,
    reason: `an internal address (${error.host})`,
  });
  sendText(response, 403, ecosystem, error.message);
}

function answerFailure(
  context: BridgeContext,
  ecosystem: PackageEcosystem,
  url: string,
  error: unknown,
  response: ServerResponse,
): void {
  const registry = context.upstreams[ecosystem];
  if (error instanceof RefusedHostError) {
    refuseHost(context, ecosystem, error, response);
  } else if (error instanceof UpstreamUnreachableError) {
    context.problems.add({ kind: 'unreachable', ecosystem, registry, detail: error.detail });
    sendText(
      response,
      502,
      ecosystem,
      `Kiln could not reach the registry at ${new URL(error.url).origin} (${error.detail}).`,
    );
  } else if (error instanceof UpstreamStatusError) {
    if (error.status >= 500) {
      context.problems.add({ kind: 'upstream-error', ecosystem, registry, status: error.status });
    }
    sendText(response, error.status, ecosystem, `${url}: ${error.message}`);
  } else if (error instanceof IntegrityError) {
    context.problems.add({ kind: 'integrity', ecosystem, url });
    sendText(response, 502, ecosystem, error.message);
  } else if (error instanceof ArchiveTooLargeError) {
    sendText(response, 502, ecosystem, `${url}: ${error.message}`);
  } else {
    throw error;
  }
}

/** A link the proxy signs, ending in the file's own name (pip reads a wheel's tags from it). */
function signedLink(context: BridgeContext, ecosystem: PackageEcosystem, url: string): string {
  const name = new URL(url).pathname.split('/').pop() || 'archive';
  const signature = context.signer.sign(PREFIX[ecosystem], url);
  const encoded = Buffer.from(url).toString('base64url');
  return `${context.origin}/${PREFIX[ecosystem]}/${SIGNED}/${signature}/${encoded}/${name}`;
}

/** A link to an archive, through the proxy: a plain registry path when it is under the registry. */
function archiveLink(
  context: BridgeContext,
  ecosystem: PackageEcosystem,
  url: string,
  expected: ExpectedDigest[],
): string | null {
  let absolute: URL;
  try {
    absolute = new URL(url);
  } catch {
    return null;
  }
  if (absolute.protocol !== 'http:' && absolute.protocol !== 'https:') return null;
  context.remember(absolute.href, expected);
  const base = context.upstreams[ecosystem];
  if (ecosystem === 'npm' && absolute.href.startsWith(base)) {
    return `${context.origin}/npm/${absolute.href.slice(base.length)}`;
  }
  return signedLink(context, ecosystem, absolute.href);
}

async function serveMetadata(
  context: BridgeContext,
  ecosystem: PackageEcosystem,
  target: { upstream: string; rest: string; accept: string | string[] | undefined },
  response: ServerResponse,
  head: boolean,
): Promise<void> {
  const { upstream, rest } = target;
  const headers: Record<string, string> = { 'user-agent': 'kiln-registry-proxy' };
  if (typeof target.accept === 'string') headers.accept = target.accept;
  const timeoutMs = context.limits.metadataTimeoutMs;
  let answer: Response;
  let body: Buffer | null;
  try {
    // Under the registry's address, checked by handleRequest: any address its host stands for.
    const allow = archiveAddressRule(new URL(upstream), context.registryHosts) ?? (() => false);
    answer = await fetchUpstream(upstream, { headers, allow, timeoutMs });
    if (answer.status >= 300 && answer.status < 400) {
      await answer.body?.cancel().catch(() => {});
      forwardRedirect(context, ecosystem, upstream, answer, response);
      return;
    }
    body = await readBodyCapped(
      answer,
      answer.ok ? context.limits.maxMetadataBytes : 64 * 1024,
      timeoutMs,
    );
  } catch (error) {
    answerFailure(context, ecosystem, upstream, error, response);
    return;
  }
  const contentType = answer.headers.get('content-type') ?? 'application/octet-stream';
  if (!answer.ok) {
    noteFailedMetadata(context, ecosystem, rest, answer.status);
    const text = body ?? Buffer.alloc(0);
    response.writeHead(answer.status, {
      'content-type': contentType,
      'content-length': String(text.length),
      'cache-control': 'no-store',
    });
    response.end(head ? undefined : text);
    return;
  }
  if (body === null) {
    sendText(response, 502, ecosystem, `${upstream}: the registry's answer is too large`);
    return;
  }
  const rewritten =
    ecosystem === 'npm'
      ? rewriteNpmMetadata(context, body, contentType)
      : rewritePypiMetadata(context, rest, body, contentType, upstream);
  response.writeHead(200, {
    'content-type': contentType,
    'content-length': String(rewritten.length),
    'cache-control': 'no-store',
  });
  response.end(head ? undefined : rewritten);
}

function noteFailedMetadata(
  context: BridgeContext,
  ecosystem: PackageEcosystem,
  rest: string,
  status: number,
): void {
  if (status === 404 || status === 410) {
    const name = ecosystem === 'npm' ? npmPackageOf(rest) : pypiProjectOf(rest);
    if (name) context.problems.add({ kind: 'not-found', ecosystem, name });
  } else if (status >= 500) {
    const registry = context.upstreams[ecosystem];
    context.problems.add({ kind: 'upstream-error', ecosystem, registry, status });
  }
}

/** A redirect within the registry becomes one within the proxy; others are not followed. */
function forwardRedirect(
  context: BridgeContext,
  ecosystem: PackageEcosystem,
  upstream: string,
  answer: Response,
  response: ServerResponse,
): void {
  const base = context.upstreams[ecosystem];
  const location = answer.headers.get('location');
  const target = location ? new URL(location, upstream).href : null;
  if (!target?.startsWith(base)) {
    sendText(
      response,
      502,
      ecosystem,
      `The registry sent Kiln to ${target ?? 'nowhere'}, outside ${base}; Kiln does not follow it.`,
    );
    return;
  }
  response.writeHead(answer.status, {
    location: `${context.origin}/${PREFIX[ecosystem]}/${target.slice(base.length)}`,
    'content-length': '0',
  });
  response.end();
}

function rewriteNpmMetadata(context: BridgeContext, body: Buffer, contentType: string): Buffer {
  if (!/json/i.test(contentType)) return body;
  let document: unknown;
  try {
    document = JSON.parse(body.toString('utf8'));
  } catch {
    return body;
  }
  const link = (tarball: string, expected: ExpectedDigest[]) =>
    archiveLink(context, 'npm', tarball, expected) ?? tarball;
  return rewritePackument(document, link) ? Buffer.from(JSON.stringify(document)) : body;
}

function rewritePypiMetadata(
  context: BridgeContext,
  rest: string,
  body: Buffer,
  contentType: string,
  pageUrl: string,
): Buffer {
  const link: IndexFileLink = (fileUrl, expected) =>
    isWheel(fileUrl) ? archiveLink(context, 'python', fileUrl, expected) : null;
  const noteMissingWheels = (counts: { listed: number; kept: number }) => {
    const name = pypiProjectOf(rest);
    if (name && counts.listed > 0 && counts.kept === 0) {
      context.problems.add({ kind: 'no-wheel', ecosystem: 'python', name });
    }
  };
  if (contentType.includes(PYPI_JSON_TYPE)) {
    let document: unknown;
    try {
      document = JSON.parse(body.toString('utf8'));
    } catch {
      return Buffer.alloc(0);
    }
    const counts = rewriteIndexJson(document, pageUrl, link);
    if (counts) noteMissingWheels(counts);
    return Buffer.from(JSON.stringify(document));
  }
  if (/html/i.test(contentType)) {
    const page = rewriteIndexHtml(body.toString('utf8'), pageUrl, link);
    noteMissingWheels(page);
    return Buffer.from(page.html);
  }
  // Anything else could hold links the proxy has not signed; pip has no use for it.
  return Buffer.alloc(0);
}
