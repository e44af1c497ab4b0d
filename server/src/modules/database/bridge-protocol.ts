/**
 * The parts of PostgreSQL's wire protocol (version 3) the database bridge reads and writes
 * itself: the startup packet, message framing, authentication and errors. Everything else
 * passes through untouched.
 */

export const PROTOCOL_3 = 196608;
export const SSL_REQUEST = 80877103;
export const GSSENC_REQUEST = 80877104;
export const CANCEL_REQUEST = 80877102;
/** A startup packet larger than this is not a real client's (PostgreSQL's own limit is 10,000). */
const MAX_STARTUP_BYTES = 10_000;

export type StartupPacket =
  | { kind: 'ssl' | 'gssenc' | 'cancel'; bytes: Buffer }
  /** `downgraded`: the client asked for 3.x, x > 0, and `bytes` now say 3.0. */
  | { kind: 'startup'; bytes: Buffer; params: Map<string, string>; downgraded: boolean }
  | { kind: 'unsupported'; version: number };

/** The startup packet at the front of `buffer`, or null while it is incomplete. */
export function readStartupPacket(
  buffer: Buffer,
): { packet: StartupPacket; rest: Buffer } | { invalid: true } | null {
  if (buffer.length < 8) return null;
  const length = buffer.readInt32BE(0);
  if (length < 8 || length > MAX_STARTUP_BYTES) return { invalid: true };
  if (buffer.length < length) return null;
  const bytes = buffer.subarray(0, length);
  const rest = buffer.subarray(length);
  const code = bytes.readInt32BE(4);
  if (code === SSL_REQUEST) return { packet: { kind: 'ssl', bytes }, rest };
  if (code === GSSENC_REQUEST) return { packet: { kind: 'gssenc', bytes }, rest };
  if (code === CANCEL_REQUEST) return { packet: { kind: 'cancel', bytes }, rest };
  if (code >>> 16 !== 3) return { packet: { kind: 'unsupported', version: code }, rest };
  const downgraded = code !== PROTOCOL_3;
  const fields = bytes.subarray(8).toString('utf8').split('\0');
  const params = new Map<string, string>();
  for (let index = 0; index + 1 < fields.length && fields[index] !== ''; index += 2) {
    params.set(fields[index]!, fields[index + 1]!);
  }
  if (!downgraded) return { packet: { kind: 'startup', bytes, params, downgraded }, rest };
  const copy = Buffer.from(bytes);
  copy.writeInt32BE(PROTOCOL_3, 4);
  return { packet: { kind: 'startup', bytes: copy, params, downgraded }, rest };
}

/** NegotiateProtocolVersion: 3.0, without the protocol options (`_pq_.…`) the client asked for. */
export function negotiateProtocol3(params: Map<string, string>): Buffer {
  const options = [...params.keys()].filter((name) => name.startsWith('_pq_.'));
  const counts = Buffer.alloc(8);
  counts.writeInt32BE(0, 0);
  counts.writeInt32BE(options.length, 4);
  return message('v', Buffer.concat([counts, ...options.map(cString)]));
}

/** A typed message: its type byte and whole bytes (type, length, body). */
export interface WireMessage {
  type: string;
  bytes: Buffer;
}

/** The complete messages at the front of `buffer`, and what is left of it. */
export function splitMessages(
  buffer: Buffer,
  maxMessageBytes: number,
): { messages: WireMessage[]; rest: Buffer } | { tooLarge: true } {
  const messages: WireMessage[] = [];
  let offset = 0;
  while (buffer.length - offset >= 5) {
    const length = buffer.readInt32BE(offset + 1);
    if (length < 4 || length > maxMessageBytes) return { tooLarge: true };
    if (buffer.length - offset < 1 + length) break;
    messages.push({
      type: String.fromCharCode(buffer[offset]!),
      bytes: buffer.subarray(offset, offset + 1 + length),
    });
    offset += 1 + length;
  }
  return { messages, rest: buffer.subarray(offset) };
}

function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([header, body]);
}

const cString = (text: string) => Buffer.from(`${text}\0`, 'utf8');

/** AuthenticationCleartextPassword: the socket never leaves the machine. */
export const AUTHENTICATION_CLEARTEXT = message('R', Buffer.from([0, 0, 0, 3]));

/** The password of a PasswordMessage, or null for any other message. */
export function passwordOf(wire: WireMessage): string | null {
  if (wire.type !== 'p') return null;
  return wire.bytes.subarray(5).toString('utf8').replace(/\0$/, '');
}

/** An ErrorResponse, as PostgreSQL sends one. */
export function errorResponse(severity: 'FATAL' | 'ERROR', code: string, text: string): Buffer {
  return message(
    'E',
    Buffer.concat([
      cString(`S${severity}`),
      cString(`V${severity}`),
      cString(`C${code}`),
      cString(`M${text}`),
      Buffer.from([0]),
    ]),
  );
}

export const queryMessage = (text: string) => message('Q', cString(text));
export const SYNC_MESSAGE = message('S', Buffer.alloc(0));
export const copyFailMessage = (text: string) => message('f', cString(text));

/**
 * Reads PGlite's answer as it streams out: drops CopyInResponse (the bridge has already failed
 * that COPY, see pglite-bridge-connection.ts) and remembers the transaction status of the last
 * ReadyForQuery. A message may be split across chunks.
 */
export function createAnswerReader() {
  let pending = Buffer.alloc(0);
  let status: string | null = null;
  return {
    /** The bytes to pass on to the client. */
    read(chunk: Uint8Array): Buffer {
      const buffer = pending.length ? Buffer.concat([pending, chunk]) : Buffer.from(chunk);
      const kept: Buffer[] = [];
      let offset = 0;
      let keptFrom = 0;
      while (buffer.length - offset >= 5) {
        const end = offset + 1 + buffer.readInt32BE(offset + 1);
        if (end > buffer.length) break;
        const type = buffer[offset];
        if (type === 0x5a) status = String.fromCharCode(buffer[end - 1]!);
        if (type === 0x47) {
          kept.push(buffer.subarray(keptFrom, offset));
          keptFrom = end;
        }
        offset = end;
      }
      kept.push(buffer.subarray(keptFrom, offset));
      pending = Buffer.from(buffer.subarray(offset));
      return Buffer.concat(kept);
    },
    /** 'I' idle, 'T' in a transaction, 'E' in a failed one; null before any ReadyForQuery. */
    takeStatus(): string | null {
      const seen = status;
      status = null;
      return seen;
    },
  };
}
