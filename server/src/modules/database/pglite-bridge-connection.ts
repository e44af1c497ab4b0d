import { createHash, timingSafeEqual } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import {
  AUTHENTICATION_CLEARTEXT,
  copyFailMessage,
  createAnswerReader,
  errorResponse,
  passwordOf,
  queryMessage,
  splitMessages,
  SYNC_MESSAGE,
  type WireMessage,
} from './bridge-protocol';
import { readClientStartup, type BridgeCredentials } from './bridge-startup';
import type { DatabaseSession, ForwardOutcome } from './session';

/** A statement (or a batch sent at once) through the bridge is stopped after this long. */
export const BRIDGE_QUERY_TIMEOUT_MS = 30_000;
/** A client that leaves a transaction open and sends nothing for this long is disconnected. */
export const BRIDGE_IDLE_IN_TRANSACTION_MS = 30_000;
/** The largest message a client may send (a row with a big value in it). */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** Input waiting past this stops the socket being read until the database has taken it. */
const INPUT_HIGH_WATER = 1024 * 1024;
/** Output the client has not read past this ends the connection: PGlite cannot be paused. */
const OUTPUT_LIMIT_BYTES = 64 * 1024 * 1024;

export const PGLITE_COPY_REFUSAL =
  'COPY FROM STDIN is not available through the bridge to an embedded (PGlite) database';

export interface PgliteBridgeAccess {
  /** Runs `task` alone on the project's database, in turn with the SQL runner and other clients. */
  use<T>(task: (session: DatabaseSession) => Promise<T>): Promise<T>;
  /** Keeps the database open while this client is connected; the answer lets go. */
  hold(): () => void;
  credentials: BridgeCredentials;
  log: FastifyBaseLogger;
}

/**
 * One client of a project's embedded database on a database bridge (docs/decisions/
 * 0017-project-databases.md). PGlite is one PostgreSQL session, so clients take turns on it with
 * the SQL runner, a transaction at a time: a client keeps the database from its first message
 * until PostgreSQL is idle again (ReadyForQuery, not in a transaction), then the next in line
 * has it. Turns are first come, first served (the session pool's queue). A client holding a
 * transaction open without sending anything is disconnected after 30 s, and a statement is
 * stopped at 30 s, so nothing keeps the SQL runner waiting for long.
 *
 * The bridge checks the password itself (a random secret of this bridge, in DATABASE_URL), then
 * passes the client's startup packet to PGlite, which answers it as PostgreSQL would.
 */
export class PgliteBridgeConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private phase: 'startup' | 'password' | 'ready' = 'startup';
  private startup: Buffer | null = null;
  /** The session this client started on; if the database restarts, the client must too. */
  private session: DatabaseSession | null = null;
  private unhold: (() => void) | null = null;
  private turn = false;
  private wake: (() => void) | null = null;
  private closed = false;
  private readonly reader = createAnswerReader();

  constructor(
    private readonly socket: Socket,
    private readonly access: PgliteBridgeAccess,
  ) {
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => this.close());
    socket.on('close', () => this.close());
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    if (this.buffer.length > INPUT_HIGH_WATER) this.socket.pause();
    this.wake?.();
    if (this.phase === 'startup') this.readStartup();
    else if (this.phase === 'password') this.readPassword();
    else this.takeTurnIfNeeded();
  }

  private readStartup(): void {
    const read = readClientStartup(this.buffer, this.access.credentials);
    if (read.kind === 'incomplete') return;
    this.buffer = read.rest;
    if (read.reply) this.socket.write(read.reply);
    // PGlite has no backend to cancel: a statement is stopped by the time limit instead.
    if (read.kind === 'cancel') return this.fail(null);
    if (read.kind === 'refused') return this.fail(read.error);
    if (read.kind === 'again') return this.readStartup();
    this.startup = read.startup;
    this.phase = 'password';
    this.socket.write(AUTHENTICATION_CLEARTEXT);
    if (this.buffer.length) this.readPassword();
  }

  private readPassword(): void {
    const split = splitMessages(this.buffer, 64 * 1024);
    if ('tooLarge' in split) return this.fail(null);
    const [first] = split.messages;
    if (!first) return;
    this.buffer = Buffer.from(split.rest);
    const password = passwordOf(first);
    if (password === null || !sameSecret(password, this.access.credentials.password)) {
      const user = this.access.credentials.user;
      return this.fail(
        errorResponse('FATAL', '28P01', `password authentication failed for user "${user}"`),
      );
    }
    this.phase = 'ready';
    this.unhold = this.access.hold();
    void this.takeTurn();
  }

  private takeTurnIfNeeded(): void {
    if (this.turn || this.closed || this.phase !== 'ready') return;
    const split = splitMessages(this.buffer, MAX_MESSAGE_BYTES);
    if ('tooLarge' in split) return this.fail(null);
    if (split.messages.length > 0) void this.takeTurn();
  }

  /** Has the database until the client's transaction is over (or its startup answered). */
  private async takeTurn(): Promise<void> {
    this.turn = true;
    try {
      await this.access.use((session) => this.useDatabase(session));
    } catch (error) {
      this.access.log.warn({ err: error }, 'a database bridge client could not have its turn');
      this.fail(
        errorResponse('FATAL', '57P03', 'The project database is not available right now.'),
      );
    } finally {
      this.turn = false;
      if (this.socket.isPaused() && !this.closed) this.socket.resume();
      this.takeTurnIfNeeded();
    }
  }

  private async useDatabase(session: DatabaseSession): Promise<void> {
    if (!this.session) {
      this.session = session;
      if (!this.startup || !(await this.forward(session, this.startup))) return;
      this.startup = null;
      this.reader.takeStatus();
    } else if (this.session !== session || !session.alive) {
      return this.fail(
        errorResponse(
          'FATAL',
          '57P01',
          'The project database was restarted (a query ran too long, or it was closed): connect again.',
        ),
      );
    }
    let status: string | null = 'I';
    try {
      status = await this.serveTurn(session);
    } finally {
      // Gone in the middle of a transaction: it is rolled back before the next one's turn. A
      // Sync first ends an extended-query exchange left open; PGlite takes each on its own.
      if (status !== 'I' && session.alive) {
        for (const message of [SYNC_MESSAGE, queryMessage('ROLLBACK')]) {
          await session.forward?.(message, () => undefined, BRIDGE_QUERY_TIMEOUT_MS);
        }
      }
    }
  }

  /**
   * Passes the client's messages until its transaction is over and nothing more is waiting;
   * answers the transaction status it leaves (null: in the middle of an exchange, or unknown).
   */
  private async serveTurn(session: DatabaseSession): Promise<string | null> {
    let status: string | null = 'I';
    while (!this.closed) {
      const split = splitMessages(this.buffer, MAX_MESSAGE_BYTES);
      if ('tooLarge' in split) {
        this.fail(null);
        return status;
      }
      const { messages } = split;
      if (messages.length > 0) {
        this.buffer = Buffer.from(split.rest);
        if (this.socket.isPaused() && this.buffer.length < INPUT_HIGH_WATER) this.socket.resume();
        const terminate = messages.findIndex((message) => message.type === 'X');
        const batch = terminate === -1 ? messages : messages.slice(0, terminate);
        if (batch.length > 0) {
          // Unknown until PGlite has answered all of it.
          status = null;
          for (const exchange of exchanges(batch)) {
            if (!(await this.forward(session, exchange))) return this.reader.takeStatus();
          }
          const last = batch[batch.length - 1]!.type;
          // Until a Sync (or a simple query) PostgreSQL is inside an extended-query exchange.
          status = last === 'S' || last === 'Q' ? this.reader.takeStatus() : null;
        }
        if (terminate !== -1) {
          this.socket.end();
          this.close();
          return status;
        }
      }
      if (status === 'I') {
        const more = splitMessages(this.buffer, MAX_MESSAGE_BYTES);
        // Others may be waiting: the next message takes a turn of its own.
        if ('messages' in more && more.messages.length === 0) return status;
        continue;
      }
      if (messages.length === 0 && !(await this.nextData(BRIDGE_IDLE_IN_TRANSACTION_MS))) {
        this.fail(
          errorResponse(
            'FATAL',
            '25P03',
            `The connection left a transaction open for ${BRIDGE_IDLE_IN_TRANSACTION_MS / 1000} seconds without a query; it was rolled back. The embedded database serves one transaction at a time.`,
          ),
        );
        return status;
      }
    }
    return status;
  }

  /** Passes messages to PGlite and its answer to the client; false when the client is gone. */
  private async forward(session: DatabaseSession, bytes: Buffer): Promise<boolean> {
    if (!session.forward) throw new Error('this database cannot serve a bridge');
    const outcome: ForwardOutcome = await session.forward(
      bytes,
      (chunk) => this.send(this.reader.read(chunk)),
      BRIDGE_QUERY_TIMEOUT_MS,
    );
    if (outcome === 'timed-out') {
      this.fail(
        errorResponse(
          'FATAL',
          '57014',
          `The query ran for more than ${BRIDGE_QUERY_TIMEOUT_MS / 1000} seconds and was stopped; the project database restarts with the next query.`,
        ),
      );
    } else if (outcome === 'failed') {
      this.fail(errorResponse('FATAL', '57P01', 'The project database stopped; connect again.'));
    }
    return outcome === 'done' && !this.closed;
  }

  private send(bytes: Buffer): void {
    if (this.closed || bytes.length === 0) return;
    this.socket.write(bytes);
    // The client is not reading: PGlite cannot wait for it, so it is let go.
    if (this.socket.writableLength > OUTPUT_LIMIT_BYTES) this.fail(null);
  }

  /** Waits for the client's next bytes; false after `ms` without any, or when it is gone. */
  private nextData(ms: number): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(false), ms);
      const done = (got: boolean) => {
        clearTimeout(timer);
        this.wake = null;
        resolve(got && !this.closed);
      };
      this.wake = () => done(true);
    });
  }

  private fail(reply: Buffer | null): void {
    if (reply && !this.closed) this.socket.end(reply);
    else this.socket.destroy();
    this.close();
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.wake?.();
    this.unhold?.();
    this.unhold = null;
  }
}

/**
 * The messages in the pieces PGlite takes: it answers up to the first ReadyForQuery of what it
 * is given and drops the rest, so a client's pipelined queries go one exchange (up to a Sync or
 * a simple query) at a time. A CopyFail follows every simple query and every Execute: a COPY
 * FROM STDIN would otherwise wait for data PGlite cannot wait for (it ends its session), and
 * PostgreSQL ignores a CopyFail when no COPY is running. The CopyInResponse is kept from the
 * client (createAnswerReader), which sees the COPY's error.
 */
function exchanges(messages: WireMessage[]): Buffer[] {
  const copyFail = copyFailMessage(PGLITE_COPY_REFUSAL);
  const pieces: Buffer[] = [];
  let current: Buffer[] = [];
  for (const message of messages) {
    current.push(message.bytes);
    if (message.type === 'Q' || message.type === 'E') current.push(copyFail);
    if (message.type === 'Q' || message.type === 'S') {
      pieces.push(Buffer.concat(current));
      current = [];
    }
  }
  if (current.length > 0) pieces.push(Buffer.concat(current));
  return pieces;
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
