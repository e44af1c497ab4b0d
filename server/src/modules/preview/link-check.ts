import type { IncomingHttpHeaders } from 'node:http';
import type { AccessGenerations } from './access-generations';
import { projectIdOfHost, requestHostname } from './preview-host';
import { verifyPreviewToken } from './token';

export type PreviewLinkCheck =
  | { ok: true; projectId: string }
  /**
   * `invalid`: forged, malformed, of a project that is gone, or sent to another host than its
   * project's; `expired`: past its time; `revoked`: made before the project's access changed.
   */
  | { ok: false; reason: 'invalid' | 'expired' | 'revoked' };

/** Decides whether a request may be served under a preview link's token. */
export type CheckPreviewLink = (
  token: string,
  headers: IncomingHttpHeaders,
) => Promise<PreviewLinkCheck>;

/**
 * Everything a preview request must pass, for static files, the dev-server proxy and its
 * WebSockets alike: a genuine token, sent to its own project's host (so no project's page is
 * ever served on another's origin), of the project's current access generation.
 */
export function createPreviewLinkCheck(options: {
  key: Buffer;
  previewHostname: string;
  trustProxy: boolean;
  generations: AccessGenerations;
}): CheckPreviewLink {
  const { key, previewHostname, trustProxy, generations } = options;
  return async (token, headers) => {
    const verified = verifyPreviewToken({ key, token });
    if (!verified.ok && verified.reason === 'invalid') return { ok: false, reason: 'invalid' };
    const hostProject = projectIdOfHost(requestHostname(headers, trustProxy), previewHostname);
    if (hostProject !== verified.projectId) return { ok: false, reason: 'invalid' };
    if (!verified.ok) return { ok: false, reason: 'expired' };
    const generation = await generations.current(verified.projectId);
    if (generation === null) return { ok: false, reason: 'invalid' };
    if (generation !== verified.generation) return { ok: false, reason: 'revoked' };
    return { ok: true, projectId: verified.projectId };
  };
}
