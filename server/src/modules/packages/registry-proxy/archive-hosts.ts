import { BlockList, isIP } from 'node:net';

/**
 * Loopback, private, link-local (cloud metadata) and other addresses not on the internet. The
 * IPv4 rules also match the same addresses written as IPv6 (`::ffff:127.0.0.1`).
 */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

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
  return !INTERNAL.check(host, family === 4 ? 'ipv4' : 'ipv6');
}
