import { isUtf8 } from 'node:buffer';

/** Types by extension, for parts sent without a useful type and for the entries of a zip. */
const MIME_BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  cjs: 'text/javascript',
  jsx: 'text/javascript',
  ts: 'text/typescript',
  tsx: 'text/typescript',
  json: 'application/json',
  xml: 'application/xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  toml: 'application/toml',
  sql: 'application/sql',
  sh: 'application/x-sh',
  py: 'text/x-python',
  rb: 'text/x-ruby',
  go: 'text/x-go',
  rs: 'text/x-rust',
  java: 'text/x-java',
  c: 'text/x-c',
  h: 'text/x-c',
  cpp: 'text/x-c++',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  avif: 'image/avif',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  wasm: 'application/wasm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  webm: 'video/webm',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
};

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

export function mimeTypeFromName(name: string): string | null {
  return MIME_BY_EXTENSION[extensionOf(name)] ?? null;
}

/**
 * The type to record for an upload: the one the browser sent when it is a well-formed specific
 * type, else the one its extension implies. It is served back as Content-Type, so parameters and
 * anything malformed are dropped.
 */
export function resolveMimeType(name: string, sent: string | undefined): string {
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
  if (MIME_BY_EXTENSION[extension] !== undefined) return false;
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
