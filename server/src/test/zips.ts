import { strToU8, zipSync, type ZipOptions } from 'fflate';

export type ZipContent = string | Uint8Array;

/**
 * A zip built in memory; each value is the content or `[content, options]`. Names are written
 * exactly as given, so tests can craft the hostile ones (`../evil.txt`, `C:\x`, links).
 */
export function buildZip(files: Record<string, ZipContent | [ZipContent, ZipOptions]>): Buffer {
  const input: Parameters<typeof zipSync>[0] = {};
  for (const [name, value] of Object.entries(files)) {
    const [content, options] = Array.isArray(value) ? value : [value, {}];
    input[name] = [typeof content === 'string' ? strToU8(content) : content, options];
  }
  return Buffer.from(zipSync(input));
}

/** Unix mode bits in the external attributes of an entry written with `os: 3`. */
export const unixMode = (mode: number) => (mode << 16) >>> 0;

export interface CentralDirectoryRecord {
  index: number;
  name: string;
  /** The record's bytes, to patch in place. */
  view: DataView;
}

/**
 * Calls `patch` on every central directory record of `zip` (a copy is returned), so a test can
 * make the directory lie: sizes at offsets 20 (compressed) and 24 (uncompressed), flags at 8.
 */
export function patchCentralDirectory(
  zip: Buffer,
  patch: (record: CentralDirectoryRecord) => void,
): Buffer {
  const copy = Buffer.from(zip);
  const end = copy.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory record');
  const count = copy.readUInt16LE(end + 10);
  let offset = copy.readUInt32LE(end + 16);
  for (let index = 0; index < count; index += 1) {
    if (copy.readUInt32LE(offset) !== 0x02014b50) throw new Error('bad central directory record');
    const nameLength = copy.readUInt16LE(offset + 28);
    const length =
      46 + nameLength + copy.readUInt16LE(offset + 30) + copy.readUInt16LE(offset + 32);
    const name = copy.toString('utf8', offset + 46, offset + 46 + nameLength);
    patch({ index, name, view: new DataView(copy.buffer, copy.byteOffset + offset, length) });
    offset += length;
  }
  return copy;
}
