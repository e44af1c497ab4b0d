import { describe, expect, it } from 'vitest';
import { rebaseRootBase } from './base-href';

const PREFIX = '/p/abc.def';

describe('rebaseRootBase', () => {
  it('puts the link in place of a root base, however it is quoted', () => {
    for (const tag of ['<base href="/">', "<base href='/' />", '<BASE HREF=/>', '<base href=/ >']) {
      const page = `<html><head>${tag}<title>x</title></head></html>`;
      expect(rebaseRootBase(page, PREFIX)).toContain(`href="${PREFIX}/"`);
      expect(rebaseRootBase(page, PREFIX)).toContain('<title>x</title>');
    }
  });

  it('keeps the base tag’s other attributes', () => {
    expect(rebaseRootBase('<base target="_top" href="/">', PREFIX)).toBe(
      `<base target="_top" href="${PREFIX}/">`,
    );
  });

  it('leaves pages without a base, or with a base of their own, as they are', () => {
    for (const page of [
      '<html><head><title>/</title></head><body><a href="/">home</a></body></html>',
      '<base href="/app/">',
      '<base href="https://example.com/">',
      '<base href="./">',
      '<base target="_blank">',
    ]) {
      expect(rebaseRootBase(page, PREFIX)).toBe(page);
    }
  });
});
