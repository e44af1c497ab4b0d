import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

export type PackObjectType = 'commit' | 'tree' | 'blob';

export interface PackObject {
  type: PackObjectType;
  oid: string;
  content: Buffer;
}

const TYPE_CODES: Record<PackObjectType, number> = { commit: 1, tree: 2, blob: 3 };

/**
 * A Git packfile (version 2) holding `objects` whole, each deflated with Node's zlib: what a
 * push sends. No deltas: the objects of one push are mostly new files, and a host unpacks a
 * pack without deltas fastest.
 */
export function buildPack(objects: readonly PackObject[]): Buffer {
  const header = Buffer.alloc(12);
  header.write('PACK', 0, 'latin1');
  header.writeUInt32BE(2, 4);
  header.writeUInt32BE(objects.length, 8);
  const parts: Buffer[] = [header];
  for (const object of objects) {
    parts.push(entryHeader(TYPE_CODES[object.type], object.content.length));
    parts.push(deflateSync(object.content, { level: 1 }));
  }
  const body = Buffer.concat(parts);
  return Buffer.concat([body, createHash('sha1').update(body).digest()]);
}

/** An entry's type and size: 3 bits of type, then the size 4 bits and 7 bits at a time. */
function entryHeader(type: number, size: number): Buffer {
  const bytes: number[] = [];
  let byte = (type << 4) | (size & 0x0f);
  let rest = Math.floor(size / 16);
  while (rest > 0) {
    bytes.push(byte | 0x80);
    byte = rest & 0x7f;
    rest = Math.floor(rest / 128);
  }
  bytes.push(byte);
  return Buffer.from(bytes);
}
