import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { customType, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from './pglite';
import { PgliteThread } from './pglite-thread';

const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const notes = pgTable('notes', {
  id: uuid('id').primaryKey().defaultRandom(),
  body: text('body').notNull().unique('notes_body_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  days: timestamp('days', { withTimezone: true }).array().notNull(),
  meta: jsonb('meta').$type<{ tags: string[] }>(),
  size: integer('size'),
  blob: bytes('blob'),
});

const CREATE = sql`create table notes (id uuid primary key default gen_random_uuid(), body text not null constraint notes_body_key unique, created_at timestamptz not null, days timestamptz[] not null, meta jsonb, size integer, blob bytea)`;

const createdAt = new Date('2026-11-29T10:00:00.123Z');
const NOTE = {
  id: '00000000-0000-4000-8000-000000000001',
  body: 'dated',
  createdAt,
  days: [createdAt, new Date('2020-02-29T00:00:00Z')],
  meta: { tags: ['a', 'b'] },
  size: 42,
  blob: new Uint8Array([0, 1, 254, 255]),
};

describe("Kiln's embedded database in a thread of its own", () => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((client) => client.close()));
  });

  async function threaded() {
    const client = await PgliteThread.open({ dataDir: undefined });
    opened.push(client);
    const db = drizzle({ client: client as unknown as PGlite });
    await db.execute(CREATE);
    return { db, client };
  }

  it('answers exactly what drizzle answers over a PGlite in the calling thread', async () => {
    const inThread = openPglite(undefined);
    opened.push(inThread);
    const answers = [];
    for (const db of [drizzle({ client: inThread }), (await threaded()).db]) {
      if (answers.length === 0) await db.execute(CREATE);
      await db.insert(notes).values(NOTE);
      const selected = await db.select().from(notes);
      const raw = await db.execute(
        sql`select created_at, days, meta, blob, 7::int8 as n, interval '1 day' as span from notes`,
      );
      const inTransaction = await db.transaction((tx) => tx.select().from(notes));
      answers.push({ selected, raw: raw.rows, inTransaction });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[1]?.selected[0]).toMatchObject({ createdAt, size: 42, meta: NOTE.meta });
    expect(answers[1]?.selected[0]?.blob).toEqual(NOTE.blob);
  });

  it("keeps an error's code and constraint, so a unique violation reads as one", async () => {
    const { db } = await threaded();
    await db.insert(notes).values(NOTE);
    const error = await db
      .insert(notes)
      .values({ ...NOTE, id: undefined })
      .then(
        () => null,
        (caught: unknown) => caught as Error & { cause?: Record<string, unknown> },
      );
    expect(error?.cause).toMatchObject({ code: '23505', constraint: 'notes_body_key' });
    expect(error?.cause?.message).toMatch(/duplicate key value/);
    // The thread goes on answering after a failed query.
    expect(await db.select().from(notes)).toHaveLength(1);
  });

  it('commits a transaction that ends well and rolls back one that throws, nested ones too', async () => {
    const { db } = await threaded();
    await db.transaction(async (tx) => {
      await tx.insert(notes).values(NOTE);
      await tx
        .transaction(async (inner) => {
          await inner.insert(notes).values({ ...NOTE, id: undefined, body: 'savepoint' });
          throw new Error('undo the savepoint');
        })
        .catch(() => undefined);
    });
    const failure = new Error('undo it all');
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(notes).values({ ...NOTE, id: undefined, body: 'second' });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect((await db.select({ body: notes.body }).from(notes)).map((row) => row.body)).toEqual([
      'dated',
    ]);
  });

  it('keeps concurrent transactions apart, and one given up before it was held leaves no trace', async () => {
    const { db } = await threaded();
    const quitter = new Error('given up at once');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        db.transaction(async (tx) => {
          if (index % 5 === 4) throw quitter;
          await tx.insert(notes).values({ ...NOTE, id: undefined, body: `note ${index}` });
          return (await tx.select().from(notes)).length;
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(4);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toBe(quitter);
    }
    // One at a time, in the order they were asked for: each saw the rows of those before it.
    const counts = outcomes.flatMap((outcome) =>
      outcome.status === 'fulfilled' ? [outcome.value] : [],
    );
    expect(counts).toEqual(Array.from({ length: 16 }, (_, index) => index + 1));
    expect(await db.select().from(notes)).toHaveLength(16);
  });

  it('holds every other query back while a transaction is open, as one connection would', async () => {
    const { db } = await threaded();
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = db.transaction(async (tx) => {
      await tx.insert(notes).values(NOTE);
      await held;
    });
    // Sent while the transaction is open: it is answered after the commit, and sees the row.
    await new Promise((resolve) => setTimeout(resolve, 50));
    let answered = false;
    const counting = db
      .select()
      .from(notes)
      .then((rows) => {
        answered = true;
        return rows.length;
      });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    release();
    await writing;
    expect(await counting).toBe(1);
  });

  it('leaves the calling thread free while PostgreSQL works', async () => {
    const { db } = await threaded();
    let turns = 0;
    let working = true;
    const spin = () => {
      turns += 1;
      if (working) setImmediate(spin);
    };
    setImmediate(spin);
    await db.execute(sql`select count(*) from generate_series(1, 3000000)`);
    working = false;
    // In the calling thread, the query would have run in one stretch with no turn between.
    expect(turns).toBeGreaterThan(100);
  });

  it('refuses parsers it does not hold rather than answering differently', async () => {
    const { client } = await threaded();
    const bigint = { 20: (value: string) => BigInt(value) };
    await expect(client.query('select 7::int8 as n', [], { parsers: bigint })).rejects.toThrow(
      'The database thread holds no parsers for types 20',
    );
  });

  it('fails every later call with the reason once its thread is gone', async () => {
    const client = await PgliteThread.open({ dataDir: undefined });
    await client.close();
    await expect(client.query('select 1')).rejects.toThrow(/The database thread ended/);
  });
});
