import { isIP } from 'node:net';
import { getDomain } from 'tldts';
import { projectPreviewOrigin } from './modules/preview/preview-host';

/*
 * PREVIEW_ORIGIN's rules (decision 0005), checked by env.ts at start-up. Each project is served
 * from `p-<project id>.` before PREVIEW_ORIGIN's host, so that host must be a name that takes
 * subdomains, and those subdomains must not share cookies with the app.
 */

/** Any project's preview host has the same registrable domain; this one stands for them all. */
const SAMPLE_PROJECT_ID = '00000000-0000-0000-0000-000000000000';

function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    (isIP(hostname) === 4 && hostname.startsWith('127.'))
  );
}

function isIpLiteral(hostname: string): boolean {
  return isIP(hostname.replace(/^\[(.*)\]$/, '$1')) !== 0;
}

/**
 * The default: the app's scheme on PREVIEW_PORT, under `localhost` when the app runs on a
 * loopback address (browsers resolve every `*.localhost` name to this machine, and an IP address
 * cannot take subdomains), else under the app's own host name.
 */
export function defaultPreviewOrigin(publicUrl: string, previewPort: number): string {
  const url = new URL(publicUrl);
  if (isLoopback(url.hostname)) url.hostname = 'localhost';
  url.port = String(previewPort);
  return url.origin;
}

/**
 * The registrable domain (by the Public Suffix List, private suffixes included, as browsers
 * read it) that project previews share with the app, or null: a page on such a host could set
 * a cookie for that domain (`Domain=kiln.example`), which the app would then receive.
 */
export function sharedCookieDomain(publicUrl: string, previewOrigin: string): string | null {
  const appSite = getDomain(new URL(publicUrl).hostname, { allowPrivateDomains: true });
  const previewHost = new URL(projectPreviewOrigin(previewOrigin, SAMPLE_PROJECT_ID)).hostname;
  const previewSite = getDomain(previewHost, { allowPrivateDomains: true });
  return appSite !== null && appSite === previewSite ? appSite : null;
}

/** What is wrong with a preview origin for this app, each said with what to do. */
export function previewOriginProblems(options: {
  publicUrl: string;
  previewOrigin: string;
  /** PREVIEW_ORIGIN was set, rather than derived from PUBLIC_URL. */
  configured: boolean;
}): string[] {
  const { publicUrl, previewOrigin, configured } = options;
  const preview = new URL(previewOrigin);
  if (preview.protocol !== 'http:' && preview.protocol !== 'https:') {
    return ['PREVIEW_ORIGIN: must be an http or https URL'];
  }
  if (preview.pathname !== '/' || preview.search || preview.hash || preview.username) {
    return ['PREVIEW_ORIGIN: must be an origin only (scheme, host and port; no path)'];
  }
  if (preview.origin === new URL(publicUrl).origin) {
    // A preview on the app's origin could call the API with the user's session.
    return ['PREVIEW_ORIGIN: must differ from the app origin (PUBLIC_URL)'];
  }
  if (isIpLiteral(preview.hostname)) {
    const why =
      `${preview.hostname} is an IP address, which cannot take the subdomain each project's ` +
      'previews are served from (p-<project id>.<host>)';
    const fix =
      'use a host name whose subdomains all reach this server (wildcard DNS), e.g. ' +
      'https://kiln-preview.example';
    return [
      configured
        ? `PREVIEW_ORIGIN: ${why}; ${fix}`
        : `PREVIEW_ORIGIN: must be set, as PUBLIC_URL's host ${why}; ${fix}`,
    ];
  }
  const shared = sharedCookieDomain(publicUrl, previewOrigin);
  if (shared && new URL(publicUrl).protocol === 'https:') {
    return [
      `PREVIEW_ORIGIN: ${configured ? '' : 'must be set, as by default '}previews ` +
        `(p-<project id>.${preview.hostname}) share the registrable ` +
        `domain ${shared} with PUBLIC_URL, so a previewed page could set cookies for the ` +
        `app's domain (Domain=${shared}); serve previews from a separate registrable domain, ` +
        'e.g. https://kiln-preview.example, ideally one on the Public Suffix List',
    ];
  }
  return [];
}
