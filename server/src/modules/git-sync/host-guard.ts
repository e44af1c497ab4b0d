import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '../../lib/app-error';
import { isPublicAddress } from '../../lib/public-address';

export { isPublicAddress };

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
