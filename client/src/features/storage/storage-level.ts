import { formatStorageSize, PLANS, type ProjectStorage } from '@kiln/shared';

/** From this share of a limit on, the meter warns. */
export const WARNING_SHARE = 0.8;

export type StorageLevel = 'ok' | 'warning' | 'full';

/** The fuller of the two measures decides: a project out of files is as stuck as one out of bytes. */
export function storageShare(storage: ProjectStorage): number {
  return Math.max(
    storage.bytes.used / storage.bytes.limit,
    storage.entries.used / storage.entries.limit,
  );
}

export function storageLevel(storage: ProjectStorage): StorageLevel {
  const share = storageShare(storage);
  return share >= 1 ? 'full' : share >= WARNING_SHARE ? 'warning' : 'ok';
}

const count = (value: number) => value.toLocaleString('en-US');

/** The meter's words: "3.1 MB of 5 GB", "120 of 20,000 files and folders", whose limit it is. */
export function storageText(storage: ProjectStorage) {
  const { bytes, entries } = storage;
  const serverLimit = bytes.serverLimit || entries.serverLimit;
  return {
    bytes: `${formatStorageSize(bytes.used)} of ${formatStorageSize(bytes.limit)}`,
    entries: `${count(entries.used)} of ${count(entries.limit)} files and folders`,
    limitName: serverLimit ? 'Server limit' : `${PLANS[storage.plan].name} plan`,
    advice: advice(storage, storageLevel(storage), serverLimit),
  };
}

function advice(storage: ProjectStorage, level: StorageLevel, serverLimit: boolean) {
  if (level === 'ok') return null;
  const canUpgrade = !serverLimit && storage.plan !== 'enterprise';
  const what = level === 'full' ? 'Full' : 'Almost full';
  return canUpgrade ? `${what}: delete files or upgrade.` : `${what}: delete files to make room.`;
}
