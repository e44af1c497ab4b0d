import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mintCsrfToken, presessionBinding, sessionBinding, verifyCsrfToken } from './csrf-token';
import { createToken } from './tokens';

describe('CSRF tokens bound to a session (docs/decisions/0002)', () => {
  const key = randomBytes(32);
  const sessionA = sessionBinding(createToken());
  const sessionB = sessionBinding(createToken());

  it('are 43 URL-safe characters and differ on every mint', () => {
    const first = mintCsrfToken(key, sessionA);
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(mintCsrfToken(key, sessionA)).not.toBe(first);
  });

  it('verify for the binding they were minted for', () => {
    expect(verifyCsrfToken(key, sessionA, mintCsrfToken(key, sessionA))).toBe(true);
    const presession = presessionBinding(createToken());
    expect(verifyCsrfToken(key, presession, mintCsrfToken(key, presession))).toBe(true);
  });

  it('fail for another session, another browser before sign-in, or another key', () => {
    const token = mintCsrfToken(key, sessionA);
    expect(verifyCsrfToken(key, sessionB, token)).toBe(false);
    expect(verifyCsrfToken(key, presessionBinding(createToken()), token)).toBe(false);
    expect(verifyCsrfToken(randomBytes(32), sessionA, token)).toBe(false);
  });

  it('keep the session and pre-session namespaces apart', () => {
    const value = createToken();
    const forPresession = mintCsrfToken(key, presessionBinding(value));
    expect(verifyCsrfToken(key, sessionBinding(value), forPresession)).toBe(false);
  });

  it('refuse a random value, a tampered tag and malformed input', () => {
    const token = mintCsrfToken(key, sessionA);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const tampered = `${token.slice(0, 30)}${token[30] === 'x' ? 'y' : 'x'}${token.slice(31)}`;
    for (const candidate of [
      createToken(),
      tampered,
      `${token.slice(0, -1)}${last}`,
      token.slice(0, -1),
      `${token}A`,
      `${token.slice(0, -1)}=`,
      '',
    ]) {
      expect(verifyCsrfToken(key, sessionA, candidate), candidate).toBe(false);
    }
  });
});
