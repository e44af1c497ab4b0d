import { isUtf8 } from 'node:buffer';
import mime from 'mime-types';

/**
 * Source-code extensions whose type Kiln fixes itself rather than take from `mime-types`, which
 * calls `.ts` and `.mts` MPEG transport streams (video/mp2t: a binary type, so a TypeScript file
 * would stop being text), `.rs` an XML format, `.jsx` text/jsx, `.cjs` application/node, YAML
 * text/yaml, and knows no `.tsx`, `.cts`, `.py`, `.rb` or `.go`. Except for `.mts` and `.cts`
 * (new), these are the types Kiln stored and served before it used the package, so the editor,
 * zip imports and previews see no change. Browsers take an upload's type from the operating
 * system, which often says the same of `.ts`, so these also win over the type an upload arrives
 * with (resolveMimeType). Other code extensions the package does not know (`.vue`, `.svelte`,
 * `.env`, `Dockerfile`) keep having no type: their bytes decide whether they are text.
 */
const CODE_MIME_TYPES = new Map<string, string>([
  ['js', 'text/javascript'],
  ['mjs', 'text/javascript'],
  ['cjs', 'text/javascript'],
  ['jsx', 'text/javascript'],
  ['ts', 'text/typescript'],
  ['tsx', 'text/typescript'],
  ['mts', 'text/typescript'],
  ['cts', 'text/typescript'],
  ['yaml', 'application/yaml'],
  ['yml', 'application/yaml'],
  ['py', 'text/x-python'],
  ['rb', 'text/x-ruby'],
  ['go', 'text/x-go'],
  ['rs', 'text/x-rust'],
  ['java', 'text/x-java'],
  ['cpp', 'text/x-c++'],
]);

/** Never treated as text, whatever their bytes look like. */
const BINARY_EXTENSIONS = new Set([
  ...['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'ico', 'avif', 'tif', 'tiff', 'heic', 'psd'],
  ...['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'epub'],
  ...['zip', 'gz', 'tgz', 'tar', 'bz2', 'xz', '7z', 'rar', 'jar', 'war', 'apk', 'whl'],
  ...['wasm', 'exe', 'dll', 'so', 'dylib', 'bin', 'class', 'o', 'a', 'pyc', 'sqlite', 'db'],
  ...['mp3', 'wav', 'ogg', 'flac', 'm4a', 'mp4', 'webm', 'mov', 'avi', 'mkv'],
  ...['woff', 'woff2', 'ttf', 'otf', 'eot'],
]);

/**
 * Formats that are zip archives inside (a .docx starts with "PK" too) but are documents, not
 * folders to unpack.
 */
const ZIP_CONTAINER_EXTENSIONS = new Set([
  ...['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'epub', 'jar', 'war', 'apk', 'ipa', 'whl'],
  ...['xpi', 'vsix', 'nupkg', 'key', 'pages', 'numbers'],
]);

const ZIP_MIME_TYPES = new Set([
  'application/zip',
  'application/x-zip',
  'application/x-zip-compressed',
  'multipart/x-zip',
]);

const GENERIC_MIME_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** The lower-cased extension of a file name or path, without its dot ('' when it has none). */
export function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * The type a name implies, for parts sent without a useful type, zip entries and previews: Kiln's
 * own for source code, else the `mime-types` table; null when the extension says nothing (none,
 * unknown, or only "some bytes": application/octet-stream).
 */
export function mimeTypeFromName(name: string): string | null {
  const extension = extensionOf(name);
  const code = CODE_MIME_TYPES.get(extension);
  if (code !== undefined) return code;
  const type = extension === '' ? false : mime.lookup(extension);
  return type === false || GENERIC_MIME_TYPES.has(type) ? null : type;
}

/**
 * The type to record for an upload: Kiln's own for source code, else the one the browser sent
 * when it is a well-formed specific type, else the one its extension implies. It is served back
 * as Content-Type, so parameters and anything malformed are dropped.
 */
export function resolveMimeType(name: string, sent: string | undefined): string {
  const code = CODE_MIME_TYPES.get(extensionOf(name));
  if (code !== undefined) return code;
  const type = (sent ?? '').split(';')[0]!.trim().toLowerCase();
  if (!GENERIC_MIME_TYPES.has(type) && /^[a-z0-9][\w.+-]*\/[\w.+-]+$/.test(type)) return type;
  return mimeTypeFromName(name) ?? 'application/octet-stream';
}

function isZipMimeType(mimeType: string): boolean {
  return ZIP_MIME_TYPES.has(mimeType);
}

/** Starts like a zip: a local file header, or the end record of an empty archive. */
function hasZipSignature(bytes: Buffer): boolean {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) return false;
  return (bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6);
}

/**
 * Whether an upload is a zip to unpack: by its .zip extension, its zip type, or (when the
 * extension names no other format) the "PK" signature; never for documents that are zips inside.
 * Without `bytes`, answers whether it could still turn out to be one.
 */
export function isZipUpload(file: { name: string; mimeType: string; bytes?: Buffer }): boolean {
  const extension = extensionOf(file.name);
  if (extension === 'zip') return true;
  if (ZIP_CONTAINER_EXTENSIONS.has(extension)) return false;
  if (isZipMimeType(file.mimeType)) return true;
  if (mimeTypeFromName(file.name) !== null) return false;
  return file.bytes === undefined || hasZipSignature(file.bytes);
}

/** Text is valid UTF-8 without NUL bytes, and not of a type or extension known to be binary. */
export function isTextFile(file: { name: string; mimeType: string | null; bytes: Buffer }) {
  if (BINARY_EXTENSIONS.has(extensionOf(file.name))) return false;
  if (file.mimeType && isBinaryMimeType(file.mimeType)) return false;
  return !file.bytes.includes(0) && isUtf8(file.bytes);
}

function isBinaryMimeType(mimeType: string): boolean {
  if (mimeType === 'image/svg+xml') return false;
  if (/^(image|audio|video|font)\//.test(mimeType)) return true;
  return mimeType === 'application/pdf' || isZipMimeType(mimeType);
}

export function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** A display name for an upload: its last path segment, without control characters. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = [...base]
    .filter((char) => !hasControlCharacter(char))
    .join('')
    .trim()
    .normalize('NFC')
    .slice(0, 255);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'upload' : cleaned;
}
