import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

/** A digest the metadata promised for an archive: npm's `integrity`/`shasum`, PyPI's sha256. */
export interface ExpectedDigest {
  algorithm: 'sha1' | 'sha256' | 'sha512';
  value: Buffer;
}

/** An archive on disk, named by the SHA-256 of its content. */
export interface CachedArchive {
  file: string;
  size: number;
  sha256: string;
  sha512: string;
  sha1: string;
}

export class IntegrityError extends Error {
  constructor(url: string) {
    super(`${url} does not match the checksum its registry published`);
    this.name = 'IntegrityError';
  }
}

export class ArchiveTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`the archive is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`);
    this.name = 'ArchiveTooLargeError';
  }
}

interface IndexEntry {
  url: string;
  sha256: string;
  sha512: string;
  sha1: string;
  size: number;
}

const hexOf = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Package archives (npm tarballs, wheels) shared by every project (decision 0016): each is kept
 * once, under the SHA-256 of its bytes, and an index maps the address it came from to that
 * hash, so the second project asking for the same tarball reads it from disk. Written aside and
 * renamed into place, so a reader never sees half an archive, even with two servers sharing the
 * folder.
 */
export class ArchiveCache {
  private readonly blobs: string;
  private readonly index: string;
  private readonly staging: string;

  constructor(root: string) {
    this.blobs = path.join(root, 'blobs');
    this.index = path.join(root, 'index');
    this.staging = path.join(root, 'tmp');
  }

  /** The archive last fetched from `url`, if it is still on disk. */
  async lookup(url: string): Promise<CachedArchive | null> {
    let entry: IndexEntry;
    try {
      entry = JSON.parse(await readFile(this.indexFile(url), 'utf8')) as IndexEntry;
    } catch {
      return null;
    }
    if (entry.url !== url) return null;
    const file = this.blobFile(entry.sha256);
    try {
      const stats = await stat(file);
      if (stats.size !== entry.size) return null;
    } catch {
      return null;
    }
    return { file, size: entry.size, sha256: entry.sha256, sha512: entry.sha512, sha1: entry.sha1 };
  }

  /**
   * Writes what `source` yields to the cache as the archive of `url`, checking its size as it
   * arrives and its digests against `expected` before anything can read it.
   */
  async store(
    url: string,
    source: AsyncIterable<Uint8Array>,
    options: { maxBytes: number; expected: ExpectedDigest[] },
  ): Promise<CachedArchive> {
    await mkdir(this.staging, { recursive: true, mode: 0o700 });
    const staged = path.join(this.staging, `${randomBytes(12).toString('hex')}.part`);
    const hashes = {
      sha256: createHash('sha256'),
      sha512: createHash('sha512'),
      sha1: createHash('sha1'),
    };
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > options.maxBytes) {
          done(new ArchiveTooLargeError(options.maxBytes));
          return;
        }
        for (const hash of Object.values(hashes)) hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, measure, createWriteStream(staged, { mode: 0o600 }));
      const digests = {
        sha256: hashes.sha256.digest(),
        sha512: hashes.sha512.digest(),
        sha1: hashes.sha1.digest(),
      };
      for (const wanted of options.expected) {
        if (!digests[wanted.algorithm].equals(wanted.value)) throw new IntegrityError(url);
      }
      const entry: IndexEntry = {
        url,
        sha256: digests.sha256.toString('hex'),
        sha512: digests.sha512.toString('base64'),
        sha1: digests.sha1.toString('hex'),
        size,
      };
      const file = this.blobFile(entry.sha256);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await rename(staged, file);
      const indexFile = this.indexFile(url);
      await mkdir(path.dirname(indexFile), { recursive: true, mode: 0o700 });
      const stagedIndex = `${staged}.json`;
      await writeFile(stagedIndex, JSON.stringify(entry), { mode: 0o600 });
      await rename(stagedIndex, indexFile);
      return { file, size, sha256: entry.sha256, sha512: entry.sha512, sha1: entry.sha1 };
    } finally {
      await rm(staged, { force: true });
    }
  }

  private blobFile(sha256: string): string {
    return path.join(this.blobs, sha256.slice(0, 2), sha256);
  }

  private indexFile(url: string): string {
    const key = hexOf(url);
    return path.join(this.index, key.slice(0, 2), `${key}.json`);
  }
}

/** Whether a cached archive has every digest the metadata now asks for. */
export function matchesDigests(archive: CachedArchive, expected: ExpectedDigest[]): boolean {
  const have = {
    sha256: Buffer.from(archive.sha256, 'hex'),
    sha512: Buffer.from(archive.sha512, 'base64'),
    sha1: Buffer.from(archive.sha1, 'hex'),
  };
  return expected.every((wanted) => have[wanted.algorithm].equals(wanted.value));
}

/** npm's `integrity` (Subresource Integrity, maybe several) and `shasum` as digests. */
export function npmDigests(integrity: unknown, shasum: unknown): ExpectedDigest[] {
  const digests: ExpectedDigest[] = [];
  if (typeof integrity === 'string') {
    for (const part of integrity.trim().split(/\s+/)) {
      const match = /^(sha1|sha256|sha512)-([A-Za-z0-9+/=]+)/.exec(part);
      if (match) {
        digests.push({
          algorithm: match[1] as ExpectedDigest['algorithm'],
          value: Buffer.from(match[2]!, 'base64'),
        });
      }
    }
  }
  if (typeof shasum === 'string' && /^[0-9a-f]{40}$/i.test(shasum)) {
    digests.push({ algorithm: 'sha1', value: Buffer.from(shasum, 'hex') });
  }
  return digests;
}

/** A PEP 503 `#sha256=<hex>` fragment or a PEP 691 `hashes` entry as a digest. */
export function sha256Digest(hex: unknown): ExpectedDigest[] {
  return typeof hex === 'string' && /^[0-9a-f]{64}$/i.test(hex)
    ? [{ algorithm: 'sha256', value: Buffer.from(hex, 'hex') }]
    : [];
}
