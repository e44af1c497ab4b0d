import { isIP } from 'node:net';
import type { AddressRule } from '../../../lib/pinned-address';
import { isPublicAddress } from '../../../lib/public-address';

/** Any address: the registries are the administrator's choice (a local Verdaccio, a mirror). */
const anyAddress: AddressRule = () => true;

/**
 * Which addresses the proxy may download from at `url`, or null when it may not download from
 * there at all. The registries' own hosts may be anywhere; any other host (a link in the
 * metadata, or where a download was redirected) must stand only for public addresses, so a
 * package index cannot point the proxy at a cloud metadata service or an internal server. The
 * rule is applied to every address the name resolves to when the connection is made
 * (lib/pinned-address.ts), and the connection goes to the address it checked.
 */
export function archiveAddressRule(
  url: URL,
  registryHosts: ReadonlySet<string>,
): AddressRule | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (registryHosts.has(url.host)) return anyAddress;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return null;
  return isPublicAddress;
}

/**
 * Whether a link may be downloaded from, as far as its address says: its scheme and host, and
 * the address itself when it is written as one. A name is checked when it is connected to.
 */
export function mayDownloadFrom(url: URL, registryHosts: ReadonlySet<string>): boolean {
  const allow = archiveAddressRule(url, registryHosts);
  if (!allow) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) === 0 || allow(host);
}
