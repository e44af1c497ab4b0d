import { isIP } from 'node:net';
import { isPublicAddress } from '../../../lib/public-address';

/**
 * Whether the proxy may download an archive from `url`, a link the registry's metadata gave.
 * The registries' own hosts are always allowed (a local Verdaccio, a company mirror); any other
 * host must not be an address of this machine or its network, so a package index cannot point
 * the proxy at a cloud metadata service or an internal server. Names that resolve to such
 * addresses are not caught here: the registries Kiln is configured with are trusted not to list
 * them.
 */
export function mayDownloadFrom(url: URL, registryHosts: ReadonlySet<string>): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (registryHosts.has(url.host)) return true;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  const family = isIP(host);
  if (family === 0) return true;
  return isPublicAddress(host);
}
