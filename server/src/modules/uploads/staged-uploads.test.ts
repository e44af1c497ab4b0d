import { PLANS } from '@kiln/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadEntries, uploads } from './tables';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import type { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { fileUpload } from '../../test/multipart';
import { countUploadRows, expectUploaded, UPLOAD_URL } from '../../test/uploads';
import { buildZip } from '../../test/zips';
import { STAGED_UPLOAD_KEPT_MS } from './staged-budget';

/**
 * What the create dialog's uploads may hold while they wait to become projects: a day each, and
 * no more together than the account's plan lets one project hold.
 */
describe('staged uploads are bounded', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => t.close());

  const send = (client: TestClient, name: string, content: Buffer | string) => {
    const { body, headers } = fileUpload(name, content);
    return client.post(UPLOAD_URL, body, { headers });
  };

  const idsOf = async (ownerId: string) =>
    (
      await t.database.db
        .select({ id: uploads.id })
        .from(uploads)
        .where(eq(uploads.ownerId, ownerId))
    ).map((row) => row.id);

  it("clears an account's uploads older than a day at its next upload, and no one else's", async () => {
    const person = await signUp(t.app);
    const other = await signUp(t.app);
    const old = expectUploaded(await send(person.client, 'old.txt', 'old'));
    const fresh = expectUploaded(await send(person.client, 'fresh.txt', 'fresh'));
    const others = expectUploaded(await send(other.client, 'theirs.txt', 'theirs'));
    const dayAgo = new Date(Date.now() - STAGED_UPLOAD_KEPT_MS - 60_000);
    await t.database.db
      .update(uploads)
      .set({ createdAt: dayAgo })
      .where(inArray(uploads.id, [old.id, others.id]));

    const next = expectUploaded(await send(person.client, 'next.txt', 'next'));
    expect((await idsOf(person.user.id)).sort()).toEqual([fresh.id, next.id].sort());
    expect(await idsOf(other.user.id)).toEqual([others.id]);
    expect((await person.client.get(old.url)).statusCode).toBe(404);
  });

  it("refuses an upload that would pass the plan's storage, zips counted with their unpacked files", async () => {
    const person = await signUp(t.app);
    const zip = expectUploaded(
      await send(person.client, 'site.zip', buildZip({ 'a.txt': 'a', 'b.txt': 'b' })),
    );
    // Stands for 5 GB waiting (what a loop of uploads would leave) without writing it: the
    // zip's own bytes and its two unpacked files, 5 bytes short of the Free plan's figure.
    const limit = PLANS.free.storage.bytes;
    await t.database.db.update(uploads).set({ size: 2_000_000_000 }).where(eq(uploads.id, zip.id));
    await t.database.db
      .update(uploadEntries)
      .set({
        size: sql`(case when ${uploadEntries.path} = 'a.txt' then ${2_000_000_000}
                  else ${limit - 4_000_000_005} end)::integer`,
      })
      .where(eq(uploadEntries.uploadId, zip.id));

    const before = await countUploadRows(t.database);
    const refused = await send(person.client, 'notes.txt', 'ten bytes!');
    expect(expectError(refused, 403, 'PLAN_LIMIT')).toBe(
      'Your uploads waiting to become projects hold 5 GB, and this one (10 bytes with its ' +
        'unpacked files) would pass the 5 GB of your Free plan. Create your project from them ' +
        'first, or upload again once they clear, a day after each upload.',
    );
    expect(await countUploadRows(t.database)).toEqual(before);
    expectUploaded(await send(person.client, 'small.txt', 'five!'));

    // Someone else's uploads are their own budget.
    expectUploaded(await send((await signUp(t.app)).client, 'notes.txt', 'ten bytes!'));
  });
});
