import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';

/*
 * Every project is previewed on an origin of its own: `p-<project id>.` in front of
 * PREVIEW_ORIGIN's host, with its scheme and port (decision 0005). A service worker, storage or
 * a cookie one project's page makes stays with that project; a browser never lets one origin
 * touch another's.
 */

const PROJECT_LABEL_PREFIX = 'p-';
const ProjectIdSchema = z.uuid();

/** The origin one project's previews are served from, e.g. `http://p-<id>.localhost:5001`. */
export function projectPreviewOrigin(previewOrigin: string, projectId: string): string {
  const url = new URL(previewOrigin);
  url.hostname = `${PROJECT_LABEL_PREFIX}${projectId.toLowerCase()}.${url.hostname}`;
  return url.origin;
}

/**
 * The project a preview request's host names, or null for any other host (the bare preview
 * host, an IP address, a name under another domain). `hostname` has no port.
 */
export function projectIdOfHost(hostname: string, previewHostname: string): string | null {
  const host = hostname.toLowerCase();
  const suffix = `.${previewHostname}`;
  if (!host.endsWith(suffix)) return null;
  const label = host.slice(0, -suffix.length);
  if (!label.startsWith(PROJECT_LABEL_PREFIX)) return null;
  const projectId = label.slice(PROJECT_LABEL_PREFIX.length);
  return ProjectIdSchema.safeParse(projectId).success ? projectId : null;
}

/** A CSP source that matches every project's preview origin: `http://*.localhost:5001`. */
export function previewFrameSource(previewOrigin: string): string {
  const url = new URL(previewOrigin);
  return `${url.protocol}//*.${url.host}`;
}

/**
 * The host name a request was sent to, without its port: the Host header, or behind a trusted
 * proxy the last X-Forwarded-Host (as Fastify reads it), so the raw upgrade requests of
 * WebSockets are judged exactly as the routes are.
 */
export function requestHostname(headers: IncomingHttpHeaders, trustProxy: boolean): string {
  const forwarded = headers['x-forwarded-host'];
  const raw = trustProxy && forwarded ? String(forwarded).split(',').at(-1)!.trim() : headers.host;
  if (!raw) return '';
  const host = raw.toLowerCase();
  // A bracketed IPv6 host keeps its brackets; never a project's host either way.
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':', 1)[0]!;
}
