// Sizes and counts as Kiln's messages write them, whichever module writes the message.
const KB = 1024;
const MB = 1024 * 1024;

/** "10 MB", "1.5 KB", "12 bytes": sizes as the error messages name them. */
export function formatBytes(bytes: number): string {
  const format = (value: number) =>
    value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 1 : 0 });
  if (bytes >= MB) return `${format(bytes / MB)} MB`;
  if (bytes >= KB) return `${format(bytes / KB)} KB`;
  return `${bytes.toLocaleString('en-US')} bytes`;
}

export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}
