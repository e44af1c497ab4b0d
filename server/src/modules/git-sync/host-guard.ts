import { AppError } from '../../lib/app-error';
import {
  fetchPinned,
  RefusedAddressError,
  resolveCheckedAddress,
  type AddressRule,
  type PinnedRequestInit,
} from '../../lib/pinned-address';
import { isPublicAddress } from '../../lib/public-address';

export { isPublicAddress };

/**
 * One request to a Git host, made only if the host passes the guard, to the address the guard
 * checked (lib/pinned-address.ts); redirects are answered, never followed (host-http.ts follows
 * those within the host).
 */
export type HostRequest = (
  url: string,
  init?: Omit<PinnedRequestInit, 'allow' | 'resolve'>,
) => Promise<Response>;

/** Names that mean this machine, the only place a token may travel to over plain http. */
const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

function isListed(url: URL, privateHosts: readonly string[]): boolean {
  return privateHosts.some(
    (entry) =>
      entry.toLowerCase() === url.host.toLowerCase() ||
      entry.toLowerCase() === url.hostname.toLowerCase(),
  );
}

/**
 * Which addresses a Git host may be reached at. A server must not be made to reach its own
 * network for someone (server-side request forgery): a host whose name stands for a private,
 * loopback or link-local address is refused unless an administrator lists it in
 * GIT_PRIVATE_HOSTS (a self-hosted Gitea on the LAN, a test server). Tokens travel to the host
 * in an Authorization header, so plain http is allowed only to this machine.
 */
function hostRule(url: URL, privateHosts: readonly string[]): AddressRule {
  if (
    url.protocol !== 'https:' &&
    !(url.protocol === 'http:' && LOOPBACK_HOSTNAMES.has(url.hostname))
  ) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The Git host must be reached over https (plain http only on this machine)',
    );
  }
  return isListed(url, privateHosts) ? () => true : isPublicAddress;
}

const privateHostRefused = (url: URL) =>
  new AppError(
    'VALIDATION_FAILED',
    `${url.host} is on a private network or this machine, which Kiln does not reach for you. An administrator can allow it by adding it to GIT_PRIVATE_HOSTS.`,
  );

/**
 * Whether Kiln may talk to a Git host a person named, asked before anything is stored so the
 * person hears why at once. Every request checks again (hostRequests): a name may stand for
 * another address by then. A name that does not resolve passes here and fails as a request.
 */
export async function checkHostUrl(
  baseUrl: string,
  privateHosts: readonly string[],
): Promise<void> {
  const url = new URL(baseUrl);
  const allow = hostRule(url, privateHosts);
  try {
    await resolveCheckedAddress(url.hostname, allow);
  } catch (error) {
    if (error instanceof RefusedAddressError) throw privateHostRefused(url);
  }
}

/**
 * Requests to Git hosts through the guard: each one resolves the host's name, checks every
 * address and connects to exactly the one checked, so a name that changes what it stands for
 * between the check and the connection (DNS rebinding) reaches nothing it should not.
 */
export function hostRequests(privateHosts: readonly string[]): HostRequest {
  return async (target, init = {}) => {
    const url = new URL(target);
    try {
      return await fetchPinned(url, { ...init, allow: hostRule(url, privateHosts) });
    } catch (error) {
      if (error instanceof RefusedAddressError) throw privateHostRefused(url);
      throw error;
    }
  };
}
