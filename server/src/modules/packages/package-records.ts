import type { PackageEcosystem } from '@kiln/shared';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projectPackages } from './tables';

export type PackageRecord = typeof projectPackages.$inferSelect;

const HASH_COLUMNS = {
  npm: { hash: 'npmManifestHash', at: 'npmInstalledAt' },
  python: { hash: 'pythonManifestHash', at: 'pythonInstalledAt' },
} as const;

/** A project's package settings and last installs; null when it never had any. */
export async function readPackageRecord(
  db: DbOrTx,
  projectId: string,
): Promise<PackageRecord | null> {
  const [row] = await db
    .select()
    .from(projectPackages)
    .where(eq(projectPackages.projectId, projectId))
    .limit(1);
  return row ?? null;
}

/** The manifest hash an ecosystem was last installed from, or null. */
export function recordedHash(
  record: PackageRecord | null,
  ecosystem: PackageEcosystem,
): string | null {
  return record?.[HASH_COLUMNS[ecosystem].hash] ?? null;
}

export function recordedAt(record: PackageRecord | null, ecosystem: PackageEcosystem): Date | null {
  return record?.[HASH_COLUMNS[ecosystem].at] ?? null;
}

export async function saveAllowScripts(
  db: DbOrTx,
  projectId: string,
  allowScripts: boolean,
): Promise<void> {
  await db
    .insert(projectPackages)
    .values({ projectId, allowScripts })
    .onConflictDoUpdate({
      target: projectPackages.projectId,
      set: { allowScripts, updatedAt: sql`now()` },
    });
}

/** Records what an ecosystem was installed from (`hash`), or that it is not installed (null). */
export async function recordInstall(
  db: DbOrTx,
  projectId: string,
  ecosystem: PackageEcosystem,
  hash: string | null,
): Promise<void> {
  const columns = HASH_COLUMNS[ecosystem];
  const values = { [columns.hash]: hash, [columns.at]: hash === null ? null : new Date() };
  await db
    .insert(projectPackages)
    .values({ projectId, ...values })
    .onConflictDoUpdate({
      target: projectPackages.projectId,
      set: { ...values, updatedAt: sql`now()` },
    });
}
