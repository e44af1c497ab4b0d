import { EventEmitter } from 'node:events';
import { PRESENCE_CLOSE_CODES, type ProjectRole } from '@kiln/shared';
import type { FastifyBaseLogger } from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import type { AccessChange, AccessChanges } from '../members';
import { openPresenceConnection } from './connection';
import type { PresenceHub } from './hub';

const roleOf = vi.fn<(userId: string, projectId: string) => Promise<ProjectRole | null>>();

const PROJECT = '00000000-0000-4000-8000-000000000001';
const USER = '00000000-0000-4000-8000-000000000002';

/** A socket as the connection uses it: messages in, sends and a close out. */
class FakeSocket extends EventEmitter {
  readyState: number = WebSocket.OPEN;
  closedWith: number | null = null;
  send = vi.fn();
  close(code: number) {
    this.closedWith = code;
    this.readyState = WebSocket.CLOSED;
  }
  say(message: object) {
    this.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
}

/** The access channel, its stretch of listening set by the test. */
function fakeAccessChanges() {
  const listeners = new Set<(change: AccessChange) => void>();
  const channel = {
    stretch: 1 as number | null,
    publish: (change: AccessChange) => listeners.forEach((listener) => listener(change)),
    subscribe(listener: (change: AccessChange) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    listening: () => channel.stretch,
    close: async () => undefined,
  };
  return channel;
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('a presence connection reading access', () => {
  let socket: FakeSocket;
  let hub: {
    join: ReturnType<typeof vi.fn>;
    leave: ReturnType<typeof vi.fn>;
    openedFile: ReturnType<typeof vi.fn>;
    savedFile: ReturnType<typeof vi.fn>;
  };
  let access: ReturnType<typeof fakeAccessChanges>;

  beforeEach(async () => {
    roleOf.mockReset();
    roleOf.mockResolvedValue('editor');
    socket = new FakeSocket();
    hub = { join: vi.fn(), leave: vi.fn(), openedFile: vi.fn(), savedFile: vi.fn() };
    access = fakeAccessChanges();
    const log = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
    openPresenceConnection(
      {
        roleOf,
        hub: hub as unknown as PresenceHub,
        accessChanges: access as unknown as AccessChanges,
      },
      { socket: socket as unknown as WebSocket, user: { id: USER, name: 'Ada' }, log },
    );
    socket.say({ type: 'join', projectId: PROJECT });
    await settled();
    expect(hub.join).toHaveBeenCalledTimes(1);
  });

  it('reads the role once at join, not for each message, while the channel listens unbroken', async () => {
    for (let index = 0; index < 10; index += 1) {
      socket.say({ type: 'file_saved', filePath: `src/${index}.ts` });
    }
    await settled();
    expect(hub.savedFile).toHaveBeenCalledTimes(10);
    expect(roleOf).toHaveBeenCalledTimes(1);
  });

  it('reads it again at once when the channel says the person lost access, and closes', async () => {
    roleOf.mockResolvedValue(null);
    access.publish({ projectId: PROJECT, userId: USER, role: null });
    await settled();
    expect(socket.closedWith).toBe(PRESENCE_CLOSE_CODES.projectNotFound);
    expect(hub.leave).toHaveBeenCalledWith(PROJECT, expect.any(String));
  });

  it('reads it again before relaying a message after a break in the channel, which may have missed a removal', async () => {
    access.stretch = 2;
    roleOf.mockResolvedValue(null);
    socket.say({ type: 'file_saved', filePath: 'src/app.ts' });
    await settled();
    expect(hub.savedFile).not.toHaveBeenCalled();
    expect(socket.closedWith).toBe(PRESENCE_CLOSE_CODES.projectNotFound);
  });

  it('reads it for every message while the channel is not listening', async () => {
    access.stretch = null;
    socket.say({ type: 'file_saved', filePath: 'src/a.ts' });
    socket.say({ type: 'file_saved', filePath: 'src/b.ts' });
    await settled();
    expect(roleOf).toHaveBeenCalledTimes(3);
    expect(hub.savedFile).toHaveBeenCalledTimes(2);
  });

  it('relays no save from someone the channel made a viewer', async () => {
    roleOf.mockResolvedValue('viewer');
    access.publish({ projectId: PROJECT, userId: USER, role: 'viewer' });
    await settled();
    socket.say({ type: 'file_saved', filePath: 'src/app.ts' });
    await settled();
    expect(hub.savedFile).not.toHaveBeenCalled();
    expect(socket.closedWith).toBeNull();
  });
});
