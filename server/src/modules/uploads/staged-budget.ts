import { formatStorageSize, PLANS, type SubscriptionPlan } from '@kiln/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { uploads } from './tables';
import { AppError } from '../../lib/app-error';

/** A staged upload waits this long for a project to be made from it, then goes. */
export const STAGED_UPLOAD_KEPT_MS = 24 * 3_600_000;

/**
 * Makes room for an upload of the create dialog, inside its transaction: takes the account's
 * upload lock (two uploads at once cannot both pass), removes its staged uploads older than a
 * day, and refuses the upload when the account's staged uploads, zips and their unpacked files
 * together, would pass its plan's storage per project: an upload only waits to become a
 * project's files, so it may hold what one project may. Nothing else bounds this table, and a
 * script uploading in a loop would otherwise fill the database.
 */
export async function makeRoomForUpload(
  tx: DbOrTx,
  options: { ownerId: string; plan: SubscriptionPlan; bytes: number },
): Promise<void> {
  const { ownerId, plan, bytes } = options;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`uploads:${ownerId}`}))`);
  const cutoff = new Date(Date.now() - STAGED_UPLOAD_KEPT_MS);
  await tx.delete(uploads).where(and(eq(uploads.ownerId, ownerId), lt(uploads.createdAt, cutoff)));
  const [held] = await queryRows<{ bytes: string | number }>(
    tx,
    sql`select coalesce(sum(u.size + coalesce(e.bytes, 0)), 0) as bytes
        from uploads u
        left join (select upload_id, sum(size) as bytes from upload_entries group by upload_id) e
          on e.upload_id = u.id
        where u.owner_id = ${ownerId}`,
  );
  const heldBytes = Number(held?.bytes ?? 0);
  const limit = PLANS[plan].storage.bytes;
  if (heldBytes + bytes <= limit) return;
  throw new AppError(
    'PLAN_LIMIT',
    `Your uploads waiting to become projects hold ${formatStorageSize(heldBytes)}, and this one ` +
      `(${formatStorageSize(bytes)} with its unpacked files) would pass the ` +
      `${formatStorageSize(limit)} of your ${PLANS[plan].name} plan. Create your project from ` +
      'them first, or upload again once they clear, a day after each upload.',
  );
}
