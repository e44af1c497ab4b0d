import { errorResponse, negotiateProtocol3, readStartupPacket } from './bridge-protocol';

/** Who a bridge's clients connect as: what DATABASE_URL says. */
export interface BridgeCredentials {
  user: string;
  password: string;
  database: string;
}

export type ClientStartup =
  | { kind: 'incomplete' }
  /** An SSL or GSSAPI request, answered no (`reply`): the startup packet follows. */
  | { kind: 'again'; rest: Buffer; reply: Buffer }
  | { kind: 'cancel'; rest: Buffer; reply?: undefined; bytes: Buffer }
  | { kind: 'refused'; rest: Buffer; reply?: undefined; error: Buffer }
  /** `reply`, when set, goes to the client first (NegotiateProtocolVersion). */
  | { kind: 'startup'; rest: Buffer; reply?: Buffer; startup: Buffer };

/** 'N': no encryption; the bridge is a socket on the same machine. */
const NO_ENCRYPTION = Buffer.from('N');

/**
 * Reads a client's opening on a database bridge and checks it asks for the project's own
 * database as the project's user: another project's database, or the server's, is refused
 * here, before anything reaches PostgreSQL.
 */
export function readClientStartup(buffer: Buffer, expected: BridgeCredentials): ClientStartup {
  const read = readStartupPacket(buffer);
  if (read === null) return { kind: 'incomplete' };
  if ('invalid' in read) {
    return {
      kind: 'refused',
      rest: Buffer.alloc(0),
      error: errorResponse('FATAL', '08P01', 'invalid startup packet'),
    };
  }
  const { packet, rest } = read;
  if (packet.kind === 'ssl' || packet.kind === 'gssenc') {
    return { kind: 'again', rest, reply: NO_ENCRYPTION };
  }
  if (packet.kind === 'cancel') return { kind: 'cancel', rest, bytes: packet.bytes };
  if (packet.kind !== 'startup') {
    return {
      kind: 'refused',
      rest,
      error: errorResponse('FATAL', '0A000', 'unsupported frontend protocol'),
    };
  }
  const user = packet.params.get('user') ?? '';
  const database = packet.params.get('database') || user;
  if (user !== expected.user || database !== expected.database) {
    return {
      kind: 'refused',
      rest,
      error: errorResponse(
        'FATAL',
        '28000',
        `Only this project's database is reachable here: connect as user "${expected.user}" to database "${expected.database}", as DATABASE_URL says.`,
      ),
    };
  }
  // A newer client (protocol 3.2) is told 3.0 is spoken here, as PostgreSQL 17 would.
  const reply = packet.downgraded ? negotiateProtocol3(packet.params) : undefined;
  return { kind: 'startup', rest, reply, startup: packet.bytes };
}
