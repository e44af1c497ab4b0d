import { npmDigests, type ExpectedDigest } from './archive-cache';

/** Points a tarball address at the proxy; the digests are what the packument promised. */
export type TarballLink = (tarball: string, expected: ExpectedDigest[]) => string;

type Version = { dist?: { tarball?: unknown; integrity?: unknown; shasum?: unknown } };

/**
 * Rewrites every `dist.tarball` of a packument (full or abbreviated) in place so npm downloads
 * through the proxy. Answers false for JSON that is not a packument (search results, dist-tags),
 * which is passed on unchanged.
 */
export function rewritePackument(document: unknown, link: TarballLink): boolean {
  if (typeof document !== 'object' || document === null) return false;
  const versions = (document as { versions?: unknown }).versions;
  if (typeof versions !== 'object' || versions === null) return false;
  for (const version of Object.values(versions as Record<string, Version>)) {
    const dist = version?.dist;
    if (!dist || typeof dist.tarball !== 'string') continue;
    dist.tarball = link(dist.tarball, npmDigests(dist.integrity, dist.shasum));
  }
  return true;
}

/** The package a metadata path names: `left-pad`, `@scope%2fname` → `@scope/name`. */
export function npmPackageOf(registryPath: string): string | null {
  const decoded = safeDecode(registryPath.split('?')[0] ?? '');
  if (decoded === null || decoded.startsWith('-/')) return null;
  const parts = decoded.split('/');
  const name = decoded.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return name || null;
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
