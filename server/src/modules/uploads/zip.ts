import { crc32 } from 'node:zlib';
import { UPLOAD_LIMITS } from '@kiln/shared';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '../../lib/app-error';
import { hasControlCharacter } from '../../lib/file-types';
import { formatBytes, formatCount } from '../../lib/format';

export type ZipLimits = Pick<
  typeof UPLOAD_LIMITS,
  'zipEntries' | 'zipUncompressedBytes' | 'zipCompressionRatio'
>;

export interface ExtractedEntry {
  /** Normalised: forward slashes, no "." or empty segments, NFC. */
  path: string;
  bytes: Buffer;
}

/**
 * Below this many bytes the compression ratio is not checked: a small file of repeated lines
 * can deflate 200:1 and still cost nothing to expand; the totals bound the rest.
 */
const RATIO_CHECK_FLOOR_BYTES = 1024 * 1024;

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

/** macOS resource forks and Finder/Explorer metadata that zips of a folder often carry. */
const JUNK_FOLDERS = new Set(['__macosx']);
const JUNK_FILES = new Set(['.ds_store', 'thumbs.db']);

interface PlannedEntry {
  entry: Entry;
  path: string;
}

const refuse = (message: string) => new AppError('VALIDATION_FAILED', message);

/**
 * Unpacks a zip held in memory, refusing the whole archive at the first problem.
 * Everything the central directory says is checked before anything is inflated; then every entry
 * is inflated while its real bytes are counted, since a hostile archive can lie about sizes.
 */
export async function extractZip(
  buffer: Buffer,
  limits: ZipLimits = UPLOAD_LIMITS,
): Promise<ExtractedEntry[]> {
  const zip = await openZip(buffer);
  try {
    if (zip.entryCount > limits.zipEntries) {
      throw refuse(
        `The zip has ${formatCount(zip.entryCount)} entries; the limit is ${formatCount(limits.zipEntries)}`,
      );
    }
    const planned = await planEntries(zip, buffer.length, limits);
    if (planned.length === 0) throw refuse('The zip contains no files');
    const extracted: ExtractedEntry[] = [];
    for (const item of planned) {
      extracted.push({ path: item.path, bytes: await inflateEntry(zip, item) });
    }
    return extracted;
  } finally {
    zip.close();
  }
}

function openZip(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      buffer,
      // Names are decoded and checked here, so each refusal can say exactly what was wrong.
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: false, autoClose: false },
      (error, zip) => {
        if (error) reject(corrupt(error));
        else resolve(zip);
      },
    );
  });
}

function corrupt(error: Error): AppError {
  if (/encryption/i.test(error.message)) {
    return refuse('The zip contains encrypted entries, which are not allowed');
  }
  if (/end of central directory record signature not found/i.test(error.message)) {
    return refuse('The file is not a zip archive, or it is truncated');
  }
  return refuse(`The zip is corrupt and cannot be read (${error.message})`);
}

/** Reads and checks the whole central directory; answers the files to inflate, in order. */
async function planEntries(
  zip: ZipFile,
  archiveBytes: number,
  limits: ZipLimits,
): Promise<PlannedEntry[]> {
  const planned: PlannedEntry[] = [];
  const filePaths = new Set<string>();
  let declaredTotal = 0;

  for await (const entry of readEntries(zip)) {
    const { path, isDirectory } = normaliseEntryPath(decodeEntryName(entry));
    const kind = entryKind(entry);
    if (kind === 'link') throw refuse(`The zip contains a link (${path}), which is not allowed`);
    if (kind === 'special') {
      throw refuse(`The zip contains a special file (${path}), which is not allowed`);
    }
    if (isDirectory || kind === 'directory' || isJunk(path)) continue;
    if ((entry.generalPurposeBitFlag & 0x1) !== 0) {
      throw refuse(`The zip contains an encrypted file (${path}), which is not allowed`);
    }
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
      throw refuse(
        `The zip entry ${path} uses a compression method (${entry.compressionMethod}) that is not supported; only stored and deflated files are`,
      );
    }
    if (filePaths.has(path)) throw refuse(`The zip contains ${path} more than once`);
    filePaths.add(path);
    declaredTotal += entry.uncompressedSize;
    planned.push({ entry, path });
  }

  for (const path of filePaths) {
    const segments = path.split('/');
    for (let depth = 1; depth < segments.length; depth += 1) {
      const folder = segments.slice(0, depth).join('/');
      if (filePaths.has(folder)) {
        throw refuse(`The zip contains ${folder} both as a file and as a folder`);
      }
    }
  }

  if (declaredTotal > limits.zipUncompressedBytes) {
    throw refuse(
      `The zip expands to ${formatBytes(declaredTotal)}; the limit is ${formatBytes(limits.zipUncompressedBytes)}`,
    );
  }
  const maxRatio = limits.zipCompressionRatio;
  if (declaredTotal > RATIO_CHECK_FLOOR_BYTES && declaredTotal / archiveBytes > maxRatio) {
    throw refuse(
      `The zip's compression ratio is ${formatRatio(declaredTotal / archiveBytes)}:1 (${formatBytes(declaredTotal)} from ${formatBytes(archiveBytes)}), which suggests a zip bomb; the limit is ${maxRatio}:1`,
    );
  }
  for (const { entry, path } of planned) {
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (entry.uncompressedSize > RATIO_CHECK_FLOOR_BYTES && ratio > maxRatio) {
      throw refuse(
        `The zip entry ${path} has a compression ratio of ${formatRatio(ratio)}:1; the limit is ${maxRatio}:1`,
      );
    }
  }
  return planned;
}

async function* readEntries(zip: ZipFile): AsyncGenerator<Entry> {
  for (;;) {
    const entry = await new Promise<Entry | null>((resolve, reject) => {
      const cleanup = () => {
        zip.off('entry', onEntry);
        zip.off('end', onEnd);
        zip.off('error', onError);
      };
      const onEntry = (value: Entry) => {
        cleanup();
        resolve(value);
      };
      const onEnd = () => {
        cleanup();
        resolve(null);
      };
      const onError = (error: Error) => {
        cleanup();
        reject(corrupt(error));
      };
      zip.on('entry', onEntry);
      zip.on('end', onEnd);
      zip.on('error', onError);
      zip.readEntry();
    });
    if (!entry) return;
    yield entry;
  }
}

function decodeEntryName(entry: Entry): string {
  const raw = entry.fileNameRaw;
  // CP437, the legacy encoding of zip names, shows control bytes as glyphs (0x01 is "☺"); keep
  // them as control characters so the path check below refuses them.
  if (raw.some((byte) => byte < 0x20 || byte === 0x7f)) return raw.toString('latin1');
  // Strict: backslashes are kept here and handled by normaliseEntryPath.
  return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true);
}

/**
 * Backslashes are read as separators (some Windows tools write them) and the result is checked
 * like any other path, so "..\\x" or "\\x" is refused rather than slipping through as a name.
 */
function normaliseEntryPath(rawName: string): { path: string; isDirectory: boolean } {
  const shown = JSON.stringify(rawName).slice(1, -1);
  const unsafe = (why: string) => refuse(`The zip contains an unsafe path: ${shown} (${why})`);
  if (rawName === '') throw unsafe('an empty name');
  if (hasControlCharacter(rawName)) throw unsafe('control characters are not allowed');
  const slashed = rawName.replace(/\\/g, '/');
  if (slashed.startsWith('/')) throw unsafe('absolute paths are not allowed');
  if (/^[a-zA-Z]:/.test(slashed)) throw unsafe('drive letters are not allowed');
  const segments = slashed.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw unsafe('".." segments are not allowed');
  const path = segments.join('/').normalize('NFC');
  const isDirectory = slashed.endsWith('/');
  if (path === '' && !isDirectory) throw unsafe('an empty name');
  return { path, isDirectory };
}

/** The Unix file type in the high half of the external attributes, when the zip records one. */
function entryKind(entry: Entry): 'file' | 'directory' | 'link' | 'special' {
  const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
  // Without a Unix type, the low byte holds MS-DOS attributes, where 0x10 marks a folder.
  if (type === 0) return (entry.externalFileAttributes & 0x10) !== 0 ? 'directory' : 'file';
  if (type === S_IFREG) return 'file';
  if (type === S_IFDIR) return 'directory';
  if (type === S_IFLNK) return 'link';
  return 'special';
}

function isJunk(path: string): boolean {
  const segments = path.toLowerCase().split('/');
  if (segments.some((segment) => JUNK_FOLDERS.has(segment))) return true;
  return JUNK_FILES.has(segments.at(-1) ?? '');
}

/** Inflates one entry, trusting nothing it declared: more bytes than declared is a refusal. */
async function inflateEntry(zip: ZipFile, { entry, path }: PlannedEntry): Promise<Buffer> {
  const declared = entry.uncompressedSize;
  const chunks: Buffer[] = [];
  let received = 0;
  let checksum = 0;
  let stream;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch (error) {
    throw corrupt(error as Error);
  }
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > declared) {
        throw refuse(
          `The zip entry ${path} holds more data than the zip declares (${formatBytes(declared)}); the archive is corrupt or crafted`,
        );
      }
      checksum = crc32(chunk, checksum);
      chunks.push(chunk);
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof AppError) throw error;
    throw refuse(
      `The zip entry ${path} is corrupt and cannot be read (${(error as Error).message})`,
    );
  }
  if (received < declared) {
    throw refuse(`The zip entry ${path} is shorter than the zip declares; the archive is corrupt`);
  }
  if (checksum >>> 0 !== entry.crc32 >>> 0) {
    throw refuse(`The zip entry ${path} fails its checksum; the archive is corrupt`);
  }
  return Buffer.concat(chunks, received);
}

function formatRatio(ratio: number): string {
  return Math.round(ratio).toLocaleString('en-US');
}
