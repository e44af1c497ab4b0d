import { sha256Digest, type ExpectedDigest } from './archive-cache';

/**
 * Points a file of an index page at the proxy, or answers null to leave the file out: Kiln
 * installs wheels only (decision 0016), so source archives are never offered.
 */
export type IndexFileLink = (fileUrl: string, expected: ExpectedDigest[]) => string | null;

export const PYPI_JSON_TYPE = 'application/vnd.pypi.simple.v1+json';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : +name.slice(1);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A file address without its `#sha256=` fragment, and the digest the fragment gives. */
function splitHashFragment(absolute: URL): { url: string; expected: ExpectedDigest[] } {
  const fragment = new URLSearchParams(absolute.hash.slice(1));
  const expected = sha256Digest(fragment.get('sha256'));
  absolute.hash = '';
  return { url: absolute.href, expected };
}

/**
 * Metadata files of PEP 658 (`data-core-metadata`, `data-dist-info-metadata`) are dropped: pip
 * then reads a wheel's metadata from the wheel, and the proxy serves only the archives it
 * signed.
 */
const METADATA_ATTRIBUTE =
  /\s+data-(?:core|dist-info)-metadata(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?/gi;
const HREF_ATTRIBUTE = /\s*\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/**
 * Rewrites the links of a PEP 503 page: every file goes through the proxy (or is left out),
 * relative links resolved against the page's own address first. Answers the page and how many
 * files it listed before and after (a project with files but no wheel gets a clear message).
 */
export function rewriteIndexHtml(
  html: string,
  pageUrl: string,
  link: IndexFileLink,
): { html: string; listed: number; kept: number } {
  let listed = 0;
  let kept = 0;
  const rewritten = html.replace(
    /<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi,
    (whole, attributes: string, text: string) => {
      const href = HREF_ATTRIBUTE.exec(attributes);
      if (!href) return whole;
      const raw = decodeEntities(href[1] ?? href[2] ?? href[3] ?? '');
      let absolute: URL;
      try {
        absolute = new URL(raw, pageUrl);
      } catch {
        return '';
      }
      listed += 1;
      const { url, expected } = splitHashFragment(absolute);
      const proxied = link(url, expected);
      if (proxied === null) return '';
      kept += 1;
      const rest = attributes.replace(HREF_ATTRIBUTE, '').replace(METADATA_ATTRIBUTE, '');
      const fragment = expected[0] ? `#sha256=${expected[0].value.toString('hex')}` : '';
      return `<a href="${escapeAttribute(proxied + fragment)}"${rest}>${text}</a>`;
    },
  );
  return { html: rewritten, listed, kept };
}

interface JsonFile {
  url?: unknown;
  hashes?: { sha256?: unknown };
  [key: string]: unknown;
}

/** The same for a PEP 691 JSON page, in place. */
export function rewriteIndexJson(
  document: unknown,
  pageUrl: string,
  link: IndexFileLink,
): { listed: number; kept: number } | null {
  const files = (document as { files?: unknown } | null)?.files;
  if (!Array.isArray(files)) return null;
  const kept: JsonFile[] = [];
  for (const file of files as JsonFile[]) {
    if (typeof file?.url !== 'string') continue;
    let absolute: URL;
    try {
      absolute = new URL(file.url, pageUrl);
    } catch {
      continue;
    }
    const { url, expected: fromFragment } = splitHashFragment(absolute);
    const expected = [...sha256Digest(file.hashes?.sha256), ...fromFragment];
    const proxied = link(url, expected);
    if (proxied === null) continue;
    delete file['core-metadata'];
    delete file['dist-info-metadata'];
    delete file['data-dist-info-metadata'];
    kept.push({ ...file, url: proxied });
  }
  (document as { files: JsonFile[] }).files = kept;
  return { listed: files.length, kept: kept.length };
}

/** The project a simple-index path names, normalised as PEP 503 says. */
export function pypiProjectOf(indexPath: string): string | null {
  const first = indexPath.split('?')[0]?.split('/')[0] ?? '';
  if (!first || first.startsWith('~')) return null;
  return first.toLowerCase().replace(/[-_.]+/g, '-');
}
