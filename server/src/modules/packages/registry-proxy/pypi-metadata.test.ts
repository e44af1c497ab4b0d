import { describe, expect, it } from 'vitest';
import { rewriteIndexHtml, rewriteIndexJson, type IndexFileLink } from './pypi-metadata';

const SHA = 'a'.repeat(64);
const seen: Array<{ url: string; digests: string[] }> = [];
const link: IndexFileLink = (url, expected) => {
  seen.push({ url, digests: expected.map((digest) => digest.value.toString('hex')) });
  return url.endsWith('.whl') ? `http://proxy/${url.split('/').pop()}` : null;
};

describe('PEP 503 and PEP 691 pages through the proxy', () => {
  it('resolves relative links, decodes entities, keeps the hash and drops metadata links', () => {
    seen.length = 0;
    const page = [
      `<a href="../../files/pkg-1.0-py3-none-any.whl#sha256=${SHA}" data-requires-python="&gt;=3.8" data-dist-info-metadata="sha256=${SHA}">pkg-1.0-py3-none-any.whl</a>`,
      '<A HREF="https://files.example/p/pkg-1.0.tar.gz?a=1&amp;b=2">pkg-1.0.tar.gz</A>',
      '<a name="anchor">no link</a>',
    ].join('\n');
    const rewritten = rewriteIndexHtml(page, 'http://index.example/simple/pkg/', link);
    expect(rewritten.listed).toBe(2);
    expect(rewritten.kept).toBe(1);
    expect(rewritten.html).toBe(
      [
        `<a href="http://proxy/pkg-1.0-py3-none-any.whl#sha256=${SHA}" data-requires-python="&gt;=3.8">pkg-1.0-py3-none-any.whl</a>`,
        '',
        '<a name="anchor">no link</a>',
      ].join('\n'),
    );
    expect(seen).toEqual([
      { url: 'http://index.example/files/pkg-1.0-py3-none-any.whl', digests: [SHA] },
      { url: 'https://files.example/p/pkg-1.0.tar.gz?a=1&b=2', digests: [] },
    ]);
  });

  it('rewrites the files of a JSON page, with their hashes, and leaves out the rest', () => {
    seen.length = 0;
    const document = {
      meta: { 'api-version': '1.1' },
      name: 'pkg',
      files: [
        {
          filename: 'pkg-1.0-py3-none-any.whl',
          url: '/packages/pkg-1.0-py3-none-any.whl',
          hashes: { sha256: SHA },
          'core-metadata': { sha256: SHA },
        },
        { filename: 'pkg-1.0.tar.gz', url: '/packages/pkg-1.0.tar.gz', hashes: {} },
      ],
    };
    expect(rewriteIndexJson(document, 'https://pypi.example/simple/pkg/', link)).toEqual({
      listed: 2,
      kept: 1,
    });
    expect(document.files).toEqual([
      {
        filename: 'pkg-1.0-py3-none-any.whl',
        url: 'http://proxy/pkg-1.0-py3-none-any.whl',
        hashes: { sha256: SHA },
      },
    ]);
    expect(seen[0]).toEqual({
      url: 'https://pypi.example/packages/pkg-1.0-py3-none-any.whl',
      digests: [SHA],
    });
    expect(rewriteIndexJson({ projects: [] }, 'https://pypi.example/simple/', link)).toBeNull();
  });
});
