import type { SessionRow } from './tables';
import type { UserRow } from '../users/tables';
import type { AccountChanges } from './account-changes';

export interface CachedSession {
  session: SessionRow;
  user: UserRow;
}

interface Entry {
  row: CachedSession;
  at: number;
  stretch: number;
}

/**
 * The sessions this instance validated in the last few seconds, with their users, so a signed-in
 * request does not ask the database again who is behind its cookie. It never outlives what it
 * holds: every account change (account-changes.ts) forgets that person's sessions on every
 * instance; nothing is kept while the changes channel may be missing events (Redis away) or
 * across a break in it; and an entry is at most `ttlMs` old, whatever happens. A row read while
 * something was being forgotten is not kept: it may be older than the change.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private forgotten = 0;

  constructor(
    private readonly options: {
      ttlMs: number;
      maxEntries: number;
      changes: AccountChanges;
      now?: () => number;
    },
  ) {
    options.changes.subscribe((change) => this.forgetUser(change.userId));
  }

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  /** Taken before reading the database; `remember` keeps the row only if nothing was forgotten since. */
  mark(): number {
    return this.forgotten;
  }

  read(sessionId: string): CachedSession | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    const fresh =
      entry.stretch === this.options.changes.listening() &&
      this.now() - entry.at < this.options.ttlMs;
    if (fresh) return entry.row;
    this.entries.delete(sessionId);
    return undefined;
  }

  remember(sessionId: string, row: CachedSession, mark: number): void {
    const stretch = this.options.changes.listening();
    if (this.options.ttlMs <= 0 || stretch === null || mark !== this.forgotten) return;
    this.entries.delete(sessionId);
    if (this.entries.size >= this.options.maxEntries) {
      // The oldest entry goes first (a Map keeps insertion order).
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(sessionId, { row, at: this.now(), stretch });
  }

  forgetSession(sessionId: string): void {
    this.forgotten += 1;
    this.entries.delete(sessionId);
  }

  forgetUser(userId: string): void {
    this.forgotten += 1;
    for (const [sessionId, entry] of this.entries) {
      if (entry.row.user.id === userId) this.entries.delete(sessionId);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
