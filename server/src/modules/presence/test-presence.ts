import type { AddressInfo } from 'node:net';
import {
  PresenceServerMessageSchema,
  type PresenceClientMessage,
  type PresenceServerMessage,
} from '@kiln/shared';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import type { TestClient } from '../../test/client';

export interface PresenceAddress {
  /** The app, listening on a real port. */
  app: FastifyInstance;
  /** The signed-in browser stand-in whose cookies go with the upgrade. */
  client?: TestClient;
  origin?: string;
}

function connect(options: PresenceAddress): WebSocket {
  const { port } = options.app.server.address() as AddressInfo;
  const headers: Record<string, string> = {};
  if (options.client) {
    headers.cookie = [...options.client.cookies]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  }
  if (options.origin) headers.origin = options.origin;
  return new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers });
}

/** Tries to open a socket that should be refused: the HTTP status of the refusal. */
export function refusal(options: PresenceAddress): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(options);
    socket.on('open', () => {
      socket.terminate();
      reject(new Error('the socket opened'));
    });
    socket.on('unexpected-response', (_request, response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    socket.on('error', () => undefined);
  });
}

type Of<Type extends PresenceServerMessage['type']> = Extract<
  PresenceServerMessage,
  { type: Type }
>;

/** A browser tab's collaboration socket as a test drives it. */
export class PresenceSocket {
  readonly messages: PresenceServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private changed: () => void = () => undefined;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      this.messages.push(PresenceServerMessageSchema.parse(JSON.parse(data.toString('utf8'))));
      this.changed();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  static open(options: PresenceAddress): Promise<PresenceSocket> {
    return new Promise((resolve, reject) => {
      const socket = connect(options);
      const presence = new PresenceSocket(socket);
      socket.once('open', () => resolve(presence));
      socket.once('error', reject);
    });
  }

  /** Opens a socket and joins the project; answers it with its `users` message. */
  static async join(options: PresenceAddress & { projectId: string }) {
    const presence = await PresenceSocket.open(options);
    presence.send({ type: 'join', projectId: options.projectId });
    return { presence, users: await presence.next('users') };
  }

  send(message: PresenceClientMessage | string): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message of `type` not yet taken that passes `match`; it is taken. */
  async next<Type extends PresenceServerMessage['type']>(
    type: Type,
    match: (message: Of<Type>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<Of<Type>> {
    const find = () =>
      this.messages.findIndex((message) => message.type === type && match(message as Of<Type>));
    await new Promise<void>((resolve, reject) => {
      if (find() >= 0) return resolve();
      const timer = setTimeout(() => {
        this.changed = () => undefined;
        reject(new Error(`no ${type} message; got ${JSON.stringify(this.messages)}`));
      }, timeoutMs);
      this.changed = () => {
        if (find() < 0) return;
        clearTimeout(timer);
        this.changed = () => undefined;
        resolve();
      };
    });
    const [message] = this.messages.splice(find(), 1);
    return message as Of<Type>;
  }

  /** Waits a moment, then answers whether a message of `type` came (one that should not). */
  async received(type: PresenceServerMessage['type'], waitMs = 300): Promise<boolean> {
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    return this.messages.some((message) => message.type === type);
  }

  close(): void {
    this.socket.close();
  }
}
