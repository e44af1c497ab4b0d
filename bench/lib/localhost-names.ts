import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';

/**
 * Resolves `localhost` and every `*.localhost` name to this machine, as browsers do, and any
 * other name as usual: each project's preview lives at `p-<project id>.localhost` (decision
 * 0005), which Node's resolver may not know. Pass it as the `lookup` of an http request.
 */
export function localhostLookup(
  hostname: string,
  options: LookupOptions,
  callback: (
    error: NodeJS.ErrnoException | null,
    address: string | LookupAddress[],
    family?: number,
  ) => void,
): void {
  if (hostname !== 'localhost' && !hostname.endsWith('.localhost')) {
    dnsLookup(hostname, options, callback);
    return;
  }
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
}
