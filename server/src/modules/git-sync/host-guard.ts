import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../lib/app-error';

/**
 * Addresses that are not on the public internet: this machine, private networks, link-local
 * (cloud metadata services live there), carrier-grade NAT, multicast and reserved ranges.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return isPublicAddress(mapped[1]);
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The addresses a host name stands for; none when it does not resolve (the request then fails). */
async function addressesOf(hostname: string): Promise<string[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return [bare];
  try {
    return (await lookup(bare, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    return [];
  }
}

/**
 * Whether Kiln may talk to a Git host a person named. A server must not be made to reach its
 * own network for someone (server-side request forgery): hosts that resolve to a private,
 * loopback or link-local address are refused unless an administrator lists them in
 * GIT_PRIVATE_HOSTS (a self-hosted Gitea on the LAN, a test server). Tokens travel to the host in
 * an Authorization header, so plain http is allowed only to this machine.
 */
export async function checkHostUrl(
  baseUrl: string,
  privateHosts: readonly string[],
): Promise<void> {
  const url = new URL(baseUrl);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !loopback) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The Git host must be reached over https (plain http only on this machine)',
    );
  }
  const listed = privateHosts.some(
    (entry) =>
      entry.toLowerCase() === url.host.toLowerCase() ||
      entry.toLowerCase() === url.hostname.toLowerCase(),
  );
  if (listed) return;
  const addresses = await addressesOf(url.hostname);
  if (addresses.some((address) => !isPublicAddress(address))) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${url.host} is on a private network or this machine, which Kiln does not reach for you. An administrator can allow it by adding it to GIT_PRIVATE_HOSTS.`,
    );
  }
}
