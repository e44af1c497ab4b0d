import { zipSync, type Zippable } from 'fflate';

export interface ZipInput {
  path: string;
  bytes: Buffer;
}

/** The fixed date of every entry: a zip of the same files is the same bytes. */
const FIXED_DATE = new Date(Date.UTC(1980, 0, 1));

/** A zip of the files, in memory, for the Netlify deploy (fflate writes it, Zip64 included). */
export function writeZip(entries: readonly ZipInput[]): Buffer {
  const input: Zippable = {};
  for (const entry of entries) input[entry.path] = [entry.bytes, { mtime: FIXED_DATE }];
  return Buffer.from(zipSync(input, { level: 6 }));
}
