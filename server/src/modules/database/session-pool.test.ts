import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { SessionPool } from './session-pool';

/** A stand-in session that records what happened to it. */
class FakeSession {
  alive = true;
  closed = false;
  constructor(
    readonly key: string,
    private readonly log: string[],
    private readonly closeMs = 0,
  ) {
    log.push(`open ${key}`);
  }
  async close() {
    await new Promise((resolve) => setTimeout(resolve, this.closeMs));
    this.closed = true;
    this.alive = false;
    this.log.push(`closed ${this.key}`);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the project database session pool', () => {
  let pool: SessionPool<FakeSession> | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  function poolOf(options: { idleMs?: number; maxOpen?: number; closeMs?: number } = {}) {
    const log: string[] = [];
    pool = new SessionPool(async (key) => new FakeSession(key, log, options.closeMs), {
      idleMs: options.idleMs ?? 10_000,
      maxOpen: options.maxOpen ?? 4,
      maxWaitingPerKey: 2,
    });
    return { pool, log };
  }

  it('opens a session on first use and keeps it for the next', async () => {
    const { pool, log } = poolOf();
    const first = await pool.use('a', async (session) => session);
    const second = await pool.use('a', async (session) => session);
    expect(second).toBe(first);
    expect(log).toEqual(['open a']);
    expect(pool.openCount).toBe(1);
  });

  it('runs one request at a time per key, in order, and refuses a long queue', async () => {
    const { pool } = poolOf();
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running = pool.use('a', async () => {
      order.push('first starts');
      await gate;
      order.push('first ends');
    });
    await pause(5);
    const waiting = [1, 2].map((n) => pool.use('a', async () => void order.push(`waiter ${n}`)));
    await expect(pool.use('a', async () => undefined)).rejects.toThrow(AppError);
    // Another key is not held up.
    await pool.use('b', async () => void order.push('other key'));
    release();
    await Promise.all([running, ...waiting]);
    expect(order).toEqual(['first starts', 'other key', 'first ends', 'waiter 1', 'waiter 2']);
  });

  it('closes a session left idle', async () => {
    const { pool, log } = poolOf({ idleMs: 30 });
    await pool.use('a', async () => undefined);
    await pause(80);
    expect(log).toEqual(['open a', 'closed a']);
    expect(pool.openCount).toBe(0);
    await pool.use('a', async () => undefined);
    expect(log).toEqual(['open a', 'closed a', 'open a']);
  });

  it('closes the least recently used idle session to make room', async () => {
    const { pool, log } = poolOf({ maxOpen: 2 });
    await pool.use('a', async () => undefined);
    await pool.use('b', async () => undefined);
    await pool.use('a', async () => undefined);
    await pool.use('c', async () => undefined);
    expect(log).toEqual(['open a', 'open b', 'closed b', 'open c']);
    expect(pool.openCount).toBe(2);
  });

  it('waits for room while every open session is busy', async () => {
    const { pool, log } = poolOf({ maxOpen: 1 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const busy = pool.use('a', () => gate);
    await pause(5);
    const waiting = pool.use('b', async () => 'b ran');
    await pause(20);
    expect(log).toEqual(['open a']);
    release();
    expect(await waiting).toBe('b ran');
    await busy;
    expect(log).toEqual(['open a', 'closed a', 'open b']);
  });

  it('opens a stopped session again, only once the old one has closed', async () => {
    const { pool, log } = poolOf({ closeMs: 30 });
    await pool.use('a', async (session) => {
      session.alive = false;
    });
    await pool.use('a', async (session) => expect(session.alive).toBe(true));
    expect(log).toEqual(['open a', 'closed a', 'open a']);
  });

  it('evicts a key after its running request, and closes everything on close', async () => {
    const { pool, log } = poolOf();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running = pool.use('a', () => gate);
    await pool.use('b', async () => undefined);
    await pause(5);
    const evicted = pool.evict('a');
    await pause(10);
    expect(log).toEqual(['open a', 'open b']);
    release();
    await Promise.all([running, evicted]);
    expect(log).toEqual(['open a', 'open b', 'closed a']);
    await pool.close();
    expect(log).toEqual(['open a', 'open b', 'closed a', 'closed b']);
    await expect(pool.use('a', async () => undefined)).rejects.toThrow(/shutting down/);
  });

  it('keeps a held session open while idle and past room-making, then closes it when idle', async () => {
    const { pool, log } = poolOf({ idleMs: 20, maxOpen: 1 });
    await pool.use('a', async () => undefined);
    const letGo = pool.hold('a');
    await pause(60);
    expect(log).toEqual(['open a']);
    // No room for b while a is held: b waits rather than closing a database in use.
    const b = pool.use('b', async () => undefined);
    await pause(20);
    expect(log).toEqual(['open a']);
    letGo();
    await b;
    expect(log).toEqual(['open a', 'closed a', 'open b']);
    await pause(60);
    expect(log).toEqual(['open a', 'closed a', 'open b', 'closed b']);
  });
});
