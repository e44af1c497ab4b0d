import {
  PRESENCE_CLOSE_CODES,
  PRESENCE_LIMITS,
  PresenceServerMessageSchema,
  type PresenceClientMessage,
  type PresenceServerMessage,
} from '@kiln/shared';

/** The collaboration connection's states. */
export type PresenceStatus = 'connecting' | 'connected' | 'closed';

/** What the connection needs of a WebSocket, so tests can hand in their own. */
export interface PresenceSocketLike {
  readonly readyState: number;
  send(text: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
}

const OPEN = 1;

/** The collaboration socket on the page's own origin: wss when the page is served over https. */
export function presenceUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/**
 * How long to wait before connecting again after `failures` connections in a row that never
 * joined: 3 seconds the first two times, then twice as long each time, up to 30 seconds.
 */
export function reconnectDelay(failures: number): number {
  const doublings = Math.max(0, failures - 2);
  return Math.min(PRESENCE_LIMITS.reconnectMs * 2 ** doublings, PRESENCE_LIMITS.maxReconnectMs);
}

export interface PresenceConnectionOptions {
  url: string;
  projectId: string;
  onStatus: (status: PresenceStatus) => void;
  onMessage: (message: PresenceServerMessage) => void;
  createSocket?: (url: string) => PresenceSocketLike;
  /** Timers, replaceable in tests. */
  schedule?: (run: () => void, ms: number) => () => void;
}

/**
 * One tab's collaboration connection to one project: joins on every open, tells the server the
 * open file (again after a reconnect), and connects again after a close, unless the project is
 * not the person's (4404) or the connection was closed on purpose.
 */
export class PresenceConnection {
  private socket: PresenceSocketLike | null = null;
  private activeFile: string | null = null;
  private failures = 0;
  private stopped = false;
  private cancelReconnect: (() => void) | null = null;
  private readonly createSocket: (url: string) => PresenceSocketLike;
  private readonly schedule: (run: () => void, ms: number) => () => void;

  constructor(private readonly options: PresenceConnectionOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.schedule =
      options.schedule ??
      ((run, ms) => {
        const timer = window.setTimeout(run, ms);
        return () => window.clearTimeout(timer);
      });
  }

  open(): void {
    if (this.stopped) return;
    this.options.onStatus('connecting');
    const socket = this.createSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      this.send({ type: 'join', projectId: this.options.projectId });
      if (this.activeFile !== null) this.send({ type: 'active_file', filePath: this.activeFile });
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => this.closed(event.code);
  }

  setActiveFile(filePath: string | null): void {
    if (filePath === this.activeFile) return;
    this.activeFile = filePath;
    this.send({ type: 'active_file', filePath });
  }

  fileSaved(filePath: string): void {
    this.send({ type: 'file_saved', filePath });
  }

  /** Leaves the project for good (the page closed or moved to another project). */
  close(): void {
    this.stopped = true;
    this.cancelReconnect?.();
    this.send({ type: 'leave' });
    this.socket?.close(1000, 'left the project');
    this.socket = null;
  }

  private send(message: PresenceClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const message = PresenceServerMessageSchema.safeParse(parsed);
    if (!message.success) return;
    if (message.data.type === 'users') {
      this.failures = 0;
      this.options.onStatus('connected');
    }
    this.options.onMessage(message.data);
  }

  private closed(code: number): void {
    if (this.stopped) return;
    this.socket = null;
    this.options.onStatus('closed');
    // No such project for this person: trying again would be refused again.
    if (code === PRESENCE_CLOSE_CODES.projectNotFound) return;
    this.failures += 1;
    this.cancelReconnect = this.schedule(() => this.open(), reconnectDelay(this.failures));
  }
}
