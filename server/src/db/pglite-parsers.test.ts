import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { pgTable, timestamp, uuid, text } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPglite } from './pglite';
import { forDrizzle } from './pglite-parsers';

const notes = pgTable('notes', {
  id: uuid('id').primaryKey().defaultRandom(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  days: timestamp('days', { withTimezone: true }).array().notNull(),
});

const CREATE = sql`create table notes (id uuid primary key default gen_random_uuid(), body text not null, created_at timestamptz not null, days timestamptz[] not null)`;

describe("PGlite's parsers, set once", () => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((client) => client.close()));
  });

  async function database(preset: boolean) {
    const client = openPglite(undefined);
    opened.push(client);
    const spy = vi.spyOn(client, 'query');
    const db = drizzle({ client: preset ? await forDrizzle(client) : client });
    await db.execute(CREATE);
    return { db, spy };
  }

  it("hands PGlite no parsers per query, in or out of a transaction, once it was opened with drizzle's", async () => {
    const { db, spy } = await database(true);
    const createdAt = new Date('2026-11-29T10:00:00.123Z');
    await db.insert(notes).values({ body: 'one', createdAt, days: [createdAt] });
    await db.transaction(async (tx) => {
      await tx.insert(notes).values({ body: 'two', createdAt, days: [] });
      expect(await tx.select().from(notes)).toHaveLength(2);
    });
    await db.select().from(notes);
    const outside = spy.mock.calls.map((call) => call[2]);
    expect(outside.length).toBeGreaterThan(2);
    for (const options of outside) expect(options?.parsers).toBeUndefined();
  });

  it('answers exactly what drizzle answers over a PGlite left as it comes', async () => {
    const createdAt = new Date('2026-11-29T10:00:00.123Z');
    const answers = [];
    for (const preset of [false, true]) {
      const { db } = await database(preset);
      await db.insert(notes).values({
        id: '00000000-0000-4000-8000-000000000001',
        body: 'dated',
        createdAt,
        days: [createdAt, new Date('2020-02-29T00:00:00Z')],
      });
      const selected = await db.select().from(notes);
      const raw = await db.execute(
        sql`select created_at, days, interval '1 day' as span from notes`,
      );
      const inTransaction = await db.transaction((tx) => tx.select().from(notes));
      answers.push({ selected, raw: raw.rows, inTransaction });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[1]?.selected[0]?.createdAt).toEqual(createdAt);
  });

  it('passes a parser set it does not hold through, untouched', async () => {
    const client = openPglite(undefined);
    opened.push(client);
    const wrapped = await forDrizzle(client);
    const bigint = { 20: (value: string) => BigInt(value) };
    const result = await wrapped.query<{ n: bigint }>('select 7::int8 as n', [], {
      parsers: bigint,
    });
    expect(result.rows[0]?.n).toBe(7n);
  });
});
