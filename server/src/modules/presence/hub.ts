import { randomUUID } from 'node:crypto';
import type { Collaborator, PresenceServerMessage } from '@kiln/shared';
import type { PresenceBus } from './bus';
import type { BusEvent } from './bus-events';

/** Sends one already serialised server message to one socket. */
export type Deliver = (text: string) => void;

interface Member {
  collaborator: Collaborator;
  /** The server instance holding the socket. */
  instance: string;
  /** Set for this instance's own sockets. */
  deliver?: Deliver;
}

/** How often an instance says it is alive; silent for three times this, its people are gone. */
const ALIVE_EVERY_MS = 15_000;

/**
 * Who is in each project, and the fan-out of what they do. Each instance knows every
 * collaborator (its own sockets and, through the bus, the other instances'), so a socket that
 * joins is answered at once; it tells its own sockets what happens, whichever instance it
 * happened on. A message is serialised once however many sockets it goes to.
 */
export class PresenceHub {
  readonly instance = randomUUID();
  private readonly rooms = new Map<string, Map<string, Member>>();
  private readonly lastHeard = new Map<string, number>();
  private readonly timer: NodeJS.Timeout | null = null;

  constructor(private readonly bus: PresenceBus | null) {
    if (!bus) return;
    bus.subscribe((event) => this.fromBus(event));
    this.timer = setInterval(() => {
      bus.publish({ kind: 'alive', instance: this.instance });
      this.forgetSilentInstances(Date.now() - 3 * ALIVE_EVERY_MS);
    }, ALIVE_EVERY_MS);
    this.timer.unref();
  }

  /** Everyone in the project now, for tests and the status of an instance. */
  collaborators(projectId: string): Collaborator[] {
    return [...(this.rooms.get(projectId)?.values() ?? [])].map((member) => member.collaborator);
  }

  join(projectId: string, collaborator: Collaborator, deliver: Deliver): void {
    const room = this.room(projectId);
    room.set(collaborator.connectionId, { collaborator, instance: this.instance, deliver });
    deliver(
      JSON.stringify({
        type: 'users',
        you: collaborator.connectionId,
        users: this.collaborators(projectId),
      } satisfies PresenceServerMessage),
    );
    this.tell(projectId, { type: 'user_joined', user: collaborator }, collaborator.connectionId);
    this.bus?.publish({ kind: 'joined', instance: this.instance, projectId, member: collaborator });
  }

  leave(projectId: string, connectionId: string): void {
    const member = this.rooms.get(projectId)?.get(connectionId);
    if (!member) return;
    this.remove(projectId, connectionId);
    const { userId } = member.collaborator;
    this.tell(projectId, { type: 'user_left', connectionId, userId });
    this.bus?.publish({ kind: 'left', instance: this.instance, projectId, connectionId, userId });
  }

  openedFile(projectId: string, connectionId: string, filePath: string | null): void {
    if (!this.applyActivity(projectId, connectionId, filePath)) return;
    this.bus?.publish({
      kind: 'activity',
      instance: this.instance,
      projectId,
      connectionId,
      filePath,
    });
  }

  savedFile(projectId: string, connectionId: string, filePath: string): void {
    const member = this.rooms.get(projectId)?.get(connectionId);
    if (!member) return;
    const { userId, userName } = member.collaborator;
    this.tell(
      projectId,
      { type: 'file_updated', connectionId, userId, userName, filePath },
      connectionId,
    );
    this.bus?.publish({
      kind: 'saved',
      instance: this.instance,
      projectId,
      connectionId,
      userId,
      userName,
      filePath,
    });
  }

  /** At shutdown: the other instances drop this one's people now rather than when it goes quiet. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    for (const [projectId, room] of this.rooms) {
      for (const member of room.values()) {
        if (member.instance === this.instance) {
          this.leave(projectId, member.collaborator.connectionId);
        }
      }
    }
  }

  private fromBus(event: BusEvent): void {
    if (event.instance === this.instance) return;
    this.lastHeard.set(event.instance, Date.now());
    switch (event.kind) {
      case 'joined': {
        this.addRemote(event.projectId, event.member, event.instance);
        // The newcomer's instance may have started after ours: it learns who is here.
        const mine = [...(this.rooms.get(event.projectId)?.values() ?? [])]
          .filter((member) => member.instance === this.instance)
          .map((member) => member.collaborator);
        if (mine.length > 0) {
          this.bus?.publish({
            kind: 'present',
            instance: this.instance,
            projectId: event.projectId,
            members: mine,
          });
        }
        return;
      }
      case 'present':
        for (const member of event.members) {
          this.addRemote(event.projectId, member, event.instance);
        }
        return;
      case 'left':
        if (!this.remove(event.projectId, event.connectionId)) return;
        this.tell(event.projectId, {
          type: 'user_left',
          connectionId: event.connectionId,
          userId: event.userId,
        });
        return;
      case 'activity':
        this.applyActivity(event.projectId, event.connectionId, event.filePath);
        return;
      case 'saved':
        this.tell(event.projectId, {
          type: 'file_updated',
          connectionId: event.connectionId,
          userId: event.userId,
          userName: event.userName,
          filePath: event.filePath,
        });
        return;
      case 'alive':
        return;
    }
  }

  private applyActivity(projectId: string, connectionId: string, filePath: string | null) {
    const member = this.rooms.get(projectId)?.get(connectionId);
    if (!member) return false;
    member.collaborator = { ...member.collaborator, activeFile: filePath };
    const { userId, userName } = member.collaborator;
    this.tell(
      projectId,
      { type: 'file_activity', connectionId, userId, userName, filePath },
      connectionId,
    );
    return true;
  }

  private addRemote(projectId: string, collaborator: Collaborator, instance: string): void {
    const room = this.room(projectId);
    const known = room.get(collaborator.connectionId);
    room.set(collaborator.connectionId, { collaborator, instance });
    if (!known) this.tell(projectId, { type: 'user_joined', user: collaborator });
  }

  private forgetSilentInstances(before: number): void {
    for (const [instance, heardAt] of this.lastHeard) {
      if (heardAt >= before) continue;
      this.lastHeard.delete(instance);
      for (const [projectId, room] of this.rooms) {
        for (const member of [...room.values()]) {
          if (member.instance !== instance) continue;
          const { connectionId, userId } = member.collaborator;
          this.remove(projectId, connectionId);
          this.tell(projectId, { type: 'user_left', connectionId, userId });
        }
      }
    }
  }

  private room(projectId: string): Map<string, Member> {
    let room = this.rooms.get(projectId);
    if (!room) {
      room = new Map();
      this.rooms.set(projectId, room);
    }
    return room;
  }

  private remove(projectId: string, connectionId: string): boolean {
    const room = this.rooms.get(projectId);
    if (!room?.delete(connectionId)) return false;
    if (room.size === 0) this.rooms.delete(projectId);
    return true;
  }

  /** Sends `message` to this instance's sockets in the project, except `except`'s. */
  private tell(projectId: string, message: PresenceServerMessage, except?: string): void {
    const room = this.rooms.get(projectId);
    if (!room) return;
    let text: string | null = null;
    for (const [connectionId, member] of room) {
      if (!member.deliver || connectionId === except) continue;
      text ??= JSON.stringify(message);
      member.deliver(text);
    }
  }
}
