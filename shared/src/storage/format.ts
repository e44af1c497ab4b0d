const UNITS = [
  { size: 1024 ** 3, name: 'GB' },
  { size: 1024 ** 2, name: 'MB' },
  { size: 1024, name: 'KB' },
] as const;

/**
 * A project's storage as people read it, in the quota's binary units: "12.4 MB", "5 GB",
 * "820 KB", "12 bytes". One decimal below 100 of a unit, none above.
 */
export function formatStorageSize(bytes: number): string {
  const unit = UNITS.find((candidate) => bytes >= candidate.size);
  if (!unit) return `${bytes.toLocaleString('en-US')} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const value = bytes / unit.size;
  const digits = value < 100 ? 1 : 0;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: digits })} ${unit.name}`;
}
