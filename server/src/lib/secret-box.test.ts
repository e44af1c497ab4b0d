import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('the secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = box.seal('postgres://user:pässword@db/app');
    expect(box.open(sealed)).toBe('postgres://user:pässword@db/app');
    expect(box.seal('same')).not.toBe(box.seal('same'));
    expect(sealed).not.toContain('pässword');
  });

  it('refuses a tampered value, another key, and what it never sealed', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    parts[3] = flipped.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open('secret')).toThrow('Not a sealed secret');
  });
});
