import { callGitHost } from './host-http';
import { authorizationHeader, type RemoteAccess } from './remote';

/** A push may take this long (a large first push included) before it is given up. */
const PUSH_TIMEOUT_MS = 5 * 60_000;
const ZERO_OID = '0'.repeat(40);

/** What a host advertises to a pusher: its refs and what it can do. */
export interface ReceivePackAdvertisement {
  /** Where the repository answered, after any redirect within the host. */
  url: string;
  refs: Map<string, string>;
  capabilities: Set<string>;
}

/** Failures shaped as isomorphic-git's, so one translation (remote.ts) serves both. */
const httpError = (statusCode: number) =>
  Object.assign(new Error(`HTTP ${statusCode}`), { code: 'HttpError', data: { statusCode } });
const pushError = (details: string) =>
  Object.assign(new Error(`push refused: ${details}`), {
    code: 'GitPushError',
    data: { prettyDetails: details },
  });
const notGit = () =>
  Object.assign(new Error('not a smart HTTP Git server'), { code: 'SmartHttpError' });

/** Git's pkt-line framing: four hex digits of length (themselves included), then the data. */
export function pktLine(data: string | Buffer): Buffer {
  const payload = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  return Buffer.concat([
    Buffer.from((payload.length + 4).toString(16).padStart(4, '0'), 'latin1'),
    payload,
  ]);
}

/** The pkt-lines of a buffer; a flush packet is null. */
export function readPktLines(buffer: Buffer): (Buffer | null)[] {
  const lines: (Buffer | null)[] = [];
  let offset = 0;
  while (offset + 4 <= buffer.length) {
    const length = Number.parseInt(buffer.subarray(offset, offset + 4).toString('latin1'), 16);
    if (Number.isNaN(length)) throw notGit();
    if (length === 0) {
      lines.push(null);
      offset += 4;
      continue;
    }
    if (length < 4 || offset + length > buffer.length) throw notGit();
    lines.push(buffer.subarray(offset + 4, offset + length));
    offset += length;
  }
  return lines;
}

/**
 * Asks the host what the repository's refs are, as `git push` does first. The credentials
 * travel in the Authorization header only; a redirect is followed within the same origin.
 */
export async function discoverReceivePack(remote: RemoteAccess): Promise<ReceivePackAdvertisement> {
  const { response, url } = await callGitHost(
    remote.request,
    `${remote.url}/info/refs?service=git-receive-pack`,
    {
      method: 'GET',
      headers: { ...authorizationHeader(remote), 'user-agent': 'git/kiln', accept: '*/*' },
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    },
  );
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw httpError(response.status);
  if (response.headers.get('content-type') !== 'application/x-git-receive-pack-advertisement') {
    throw notGit();
  }
  const refs = new Map<string, string>();
  let capabilities = new Set<string>();
  for (const line of readPktLines(body)) {
    if (line === null) continue;
    const text = line.toString('utf8').replace(/\n$/, '');
    if (text.startsWith('# service=')) continue;
    const [refPart, capabilityPart] = text.split('\0');
    if (capabilityPart !== undefined) capabilities = new Set(capabilityPart.trim().split(' '));
    const [oid, name] = (refPart ?? '').split(' ');
    if (oid && name && oid !== ZERO_OID) refs.set(name, oid);
  }
  return { url: url.replace(/\/info\/refs(\?.*)?$/, ''), refs, capabilities };
}

/**
 * Sends one ref update and the pack of objects it needs, and reads the host's report. The
 * update names the commit the branch holds now (`oldOid`), so the host refuses it if another
 * push landed in between.
 */
export async function sendReceivePack(
  remote: RemoteAccess,
  advertisement: ReceivePackAdvertisement,
  update: { ref: string; oldOid: string | null; newOid: string; pack: Buffer },
): Promise<void> {
  const wanted = ['report-status', 'side-band-64k', 'agent=kiln'];
  const capabilities = wanted.filter(
    (capability) => capability.startsWith('agent=') || advertisement.capabilities.has(capability),
  );
  const command = `${update.oldOid ?? ZERO_OID} ${update.newOid} ${update.ref}\0${capabilities.join(' ')}\n`;
  // Not redirected: the advertisement's address is where the host answered, and a pack is
  // large to send twice.
  const response = await remote.request(`${advertisement.url}/git-receive-pack`, {
    method: 'POST',
    headers: {
      ...authorizationHeader(remote),
      'user-agent': 'git/kiln',
      'content-type': 'application/x-git-receive-pack-request',
      accept: 'application/x-git-receive-pack-result',
    },
    body: Buffer.concat([pktLine(command), Buffer.from('0000', 'latin1'), update.pack]),
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw httpError(response.status);
  if (!capabilities.includes('report-status')) return;
  const report = capabilities.includes('side-band-64k') ? demultiplex(body) : body;
  const lines = readPktLines(report)
    .filter((line): line is Buffer => line !== null)
    .map((line) => line.toString('utf8').trim());
  const unpack = lines.find((line) => line.startsWith('unpack '));
  if (unpack !== 'unpack ok') throw pushError(unpack ?? 'the host sent no report');
  const refused = lines.find((line) => line.startsWith(`ng ${update.ref}`));
  if (refused) throw pushError(refused.slice(`ng ${update.ref}`.length).trim());
  if (!lines.includes(`ok ${update.ref}`)) throw pushError(`${update.ref} was not updated`);
}

/** The data channel of a side-band answer; its error channel becomes the push's error. */
function demultiplex(body: Buffer): Buffer {
  const data: Buffer[] = [];
  for (const line of readPktLines(body)) {
    if (line === null || line.length === 0) continue;
    const band = line[0];
    if (band === 1) data.push(line.subarray(1));
    else if (band === 3) throw pushError(line.subarray(1).toString('utf8').trim());
  }
  return Buffer.concat(data);
}
