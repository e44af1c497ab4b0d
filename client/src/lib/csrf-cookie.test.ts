import { describe, expect, it } from 'vitest';
import { csrfTokenFromCookies, readCookie } from './csrf-cookie';

describe('csrfTokenFromCookies', () => {
  it('reads csrf_token when Kiln is served over http', () => {
    expect(csrfTokenFromCookies('theme=dark; csrf_token=abc-123')).toBe('abc-123');
  });

  it('prefers __Host-csrf_token, the name over https, to a plain csrf_token', () => {
    const cookies = 'csrf_token=planted; __Host-csrf_token=issued; theme=light';
    expect(csrfTokenFromCookies(cookies)).toBe('issued');
  });

  it('answers undefined when there is no token yet', () => {
    expect(csrfTokenFromCookies('')).toBeUndefined();
    expect(csrfTokenFromCookies('theme=dark; xcsrf_token=nope')).toBeUndefined();
  });
});

describe('readCookie', () => {
  it('decodes the value and matches the whole name only', () => {
    expect(readCookie('a_b=1; b=x%20y', 'b')).toBe('x y');
  });
});
