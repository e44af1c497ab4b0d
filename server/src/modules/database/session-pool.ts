import { AppError } from '../../lib/app-error';

export interface PooledSession {
  readonly alive: boolean;
  close(): Promise<void>;
}

export interface SessionPoolOptions {
  /** A session unused for this long is closed. */
  idleMs: number;
  /** Sessions open at once; past it the least recently used idle one is closed. */
  maxOpen: number;
  /** Requests that may wait for one key's session; past that they are refused. */
  maxWaitingPerKey: number;
}

interface Entry<S> {
  session: S | null;
  /** A request holds the key; the others wait in `queue`, first first. */
  busy: boolean;
  queue: Array<() => void>;
  /** Order of last use (a counter: many uses fall in one millisecond). */
  lastUsed: number;
  idleTimer: ReturnType<typeof setTimeout> | null;
}

export const databaseBusy = () =>
  new AppError(
    'RATE_LIMITED',
    'The project database is busy with earlier queries. Please try again in a moment.',
  );

/**
 * Sessions by key (a project id), opened on demand, one request at a time per key, closed after
 * `idleMs` unused, and at most `maxOpen` open: a new one closes the least recently used idle
 * session, or waits for one to become idle when all are busy. So memory stays bounded however
 * many projects run queries. A key's session is never opened while its previous one is still
 * closing: two PGlite instances on one data folder would damage it.
 */
export class SessionPool<S extends PooledSession> {
  private readonly entries = new Map<string, Entry<S>>();
  /** Keys whose session stays open while idle, with how many holders each (hold). */
  private readonly pins = new Map<string, number>();
  /** Sessions being closed, by key. */
  private readonly closing = new Map<string, Promise<void>>();
  /** Requests waiting for room to open a session. */
  private readonly roomWaiters: Array<() => void> = [];
  /** Sessions open or opening. */
  private held = 0;
  private uses = 0;
  private closed = false;

  constructor(
    private readonly openSession: (key: string) => Promise<S>,
    private readonly options: SessionPoolOptions,
  ) {}

  get openCount(): number {
    return this.held;
  }

  /**
   * Runs `task` on the key's session, alone on that key. `bounded: false` waits however many
   * wait already, for callers that bound their own number (a database bridge's connections).
   */
  async use<T>(
    key: string,
    task: (session: S) => Promise<T>,
    options: { bounded?: boolean } = {},
  ): Promise<T> {
    if (this.closed) throw new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down');
    const entry = await this.acquire(key, options.bounded ?? true);
    try {
      const session = await this.sessionOf(key, entry);
      return await task(session);
    } finally {
      this.release(key, entry);
    }
  }

  /**
   * Keeps the key's session open while idle, neither closed after `idleMs` nor to make room,
   * until the answered function is called: a client connected through a database bridge holds
   * session state (prepared statements, settings) between its queries. Once no one holds it, the
   * idle clock starts again.
   */
  hold(key: string): () => void {
    this.pins.set(key, (this.pins.get(key) ?? 0) + 1);
    const entry = this.entries.get(key);
    if (entry?.idleTimer) clearTimeout(entry.idleTimer);
    if (entry) entry.idleTimer = null;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const count = (this.pins.get(key) ?? 1) - 1;
      if (count > 0) {
        this.pins.set(key, count);
        return;
      }
      this.pins.delete(key);
      const idle = this.entries.get(key);
      if (idle && !idle.busy && idle.session && !this.closed) this.startIdleClock(key, idle);
      // It may be closed to make room now.
      this.wakeRoomWaiter();
    };
  }

  /** Closes the key's session, if open, once the request running on it is done. */
  async evict(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry) {
      await this.acquire(key, false);
      try {
        await this.closeSession(key, entry);
      } finally {
        this.release(key, entry);
      }
    }
    await this.closing.get(key);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const entry of this.entries.values()) {
      if (entry.idleTimer) clearTimeout(entry.idleTimer);
    }
    await Promise.all([...this.entries].map(([key, entry]) => this.closeSession(key, entry)));
    await Promise.all(this.closing.values());
    this.entries.clear();
  }

  private async acquire(key: string, bounded: boolean): Promise<Entry<S>> {
    const entry = this.entries.get(key) ?? this.createEntry(key);
    if (entry.busy) {
      if (bounded && entry.queue.length >= this.options.maxWaitingPerKey) throw databaseBusy();
      // The request before hands the key over still marked busy (release), so none slips in.
      await new Promise<void>((resolve) => entry.queue.push(resolve));
    }
    entry.busy = true;
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = null;
    return entry;
  }

  private createEntry(key: string): Entry<S> {
    const entry: Entry<S> = {
      session: null,
      busy: false,
      queue: [],
      lastUsed: this.uses,
      idleTimer: null,
    };
    this.entries.set(key, entry);
    return entry;
  }

  private async sessionOf(key: string, entry: Entry<S>): Promise<S> {
    if (entry.session?.alive) return entry.session;
    // Stopped (a query ran out of time) or lost: closed before its folder is opened again.
    await this.closeSession(key, entry);
    await this.closing.get(key);
    await this.makeRoom(key);
    this.held += 1;
    try {
      entry.session = await this.openSession(key);
    } catch (error) {
      this.held -= 1;
      this.wakeRoomWaiter();
      throw error;
    }
    return entry.session;
  }

  /** Waits until one more session fits, closing the least recently used idle one if need be. */
  private async makeRoom(forKey: string): Promise<void> {
    while (this.held >= this.options.maxOpen) {
      let oldest: [string, Entry<S>] | null = null;
      for (const candidate of this.entries) {
        const [key, entry] = candidate;
        if (key === forKey || entry.busy || !entry.session || this.pins.has(key)) continue;
        if (!oldest || entry.lastUsed < oldest[1].lastUsed) oldest = candidate;
      }
      if (oldest) {
        const [key, entry] = oldest;
        this.entries.delete(key);
        await this.closeSession(key, entry);
      } else await new Promise<void>((resolve) => this.roomWaiters.push(resolve));
    }
  }

  /** Starts closing the entry's session; `closing` holds it until it is closed. */
  private closeSession(key: string, entry: Entry<S>): Promise<void> {
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = null;
    const session = entry.session;
    if (!session) return Promise.resolve();
    entry.session = null;
    const previous = this.closing.get(key) ?? Promise.resolve();
    const done = previous
      .then(() => session.close())
      .catch(() => undefined)
      .finally(() => {
        if (this.closing.get(key) === done) this.closing.delete(key);
        this.held -= 1;
        this.wakeRoomWaiter();
      });
    this.closing.set(key, done);
    return done;
  }

  private release(key: string, entry: Entry<S>): void {
    this.uses += 1;
    entry.lastUsed = this.uses;
    const next = entry.queue.shift();
    if (next) {
      next();
      return;
    }
    entry.busy = false;
    if (this.closed) return;
    if (entry.session && !entry.session.alive) void this.closeSession(key, entry);
    if (!entry.session) {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      return;
    }
    if (!this.pins.has(key)) this.startIdleClock(key, entry);
    // Someone may be waiting for room: this session is idle now and may be closed for them.
    this.wakeRoomWaiter();
  }

  private startIdleClock(key: string, entry: Entry<S>): void {
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = setTimeout(() => {
      if (entry.busy || this.pins.has(key)) return;
      if (this.entries.get(key) === entry) this.entries.delete(key);
      void this.closeSession(key, entry);
    }, this.options.idleMs);
    // An idle database must not keep the process alive.
    entry.idleTimer.unref();
  }

  private wakeRoomWaiter(): void {
    this.roomWaiters.shift()?.();
  }
}
