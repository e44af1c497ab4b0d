import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPreviewToken, previewTokenKey, verifyPreviewToken } from './token';

const key = previewTokenKey(Buffer.from('k'.repeat(32)));
const projectId = randomUUID();
const now = new Date('2030-01-01T12:00:00Z');

describe('preview tokens', () => {
  it('round-trips the project id, its access generation and the expiry', () => {
    const expiresAt = new Date(now.getTime() + 900_000);
    const token = createPreviewToken({ key, projectId, generation: 3, expiresAt });
    expect(verifyPreviewToken({ key, token, now })).toEqual({
      ok: true,
      projectId,
      generation: 3,
      expiresAt,
    });
  });

  it('expires at the second it names, still telling whose it was', () => {
    const token = createPreviewToken({
      key,
      projectId,
      generation: 0,
      expiresAt: new Date(now.getTime() + 1000),
    });
    expect(verifyPreviewToken({ key, token, now: new Date(now.getTime() + 999) }).ok).toBe(true);
    expect(verifyPreviewToken({ key, token, now: new Date(now.getTime() + 1000) })).toEqual({
      ok: false,
      reason: 'expired',
      projectId,
    });
  });

  it('refuses a changed payload, a changed signature and another key', () => {
    const token = createPreviewToken({
      key,
      projectId,
      generation: 1,
      expiresAt: new Date(now.getTime() + 60_000),
    });
    const [payload, signature] = token.split('.') as [string, string];
    const longer = Buffer.from(
      JSON.stringify({ p: projectId, g: 1, e: Math.floor(now.getTime() / 1000) + 999_999 }),
    ).toString('base64url');
    // A link revoked at generation 1 must not be revived by writing a later generation in.
    const newer = Buffer.from(
      JSON.stringify({ p: projectId, g: 2, e: Math.floor(now.getTime() / 1000) + 60 }),
    ).toString('base64url');
    const invalid = { ok: false, reason: 'invalid' };
    expect(verifyPreviewToken({ key, token: `${longer}.${signature}`, now })).toEqual(invalid);
    expect(verifyPreviewToken({ key, token: `${newer}.${signature}`, now })).toEqual(invalid);
    expect(verifyPreviewToken({ key, token: `${payload}.${signature.slice(1)}A`, now })).toEqual(
      invalid,
    );
    const otherKey = previewTokenKey(Buffer.from('o'.repeat(32)));
    expect(verifyPreviewToken({ key: otherKey, token, now })).toEqual(invalid);
  });

  it('refuses well-signed payloads that are not a project, a generation and an expiry', () => {
    const e = Math.floor(now.getTime() / 1000) + 60;
    for (const body of [
      'not json',
      `{"p":"nope","g":0,"e":${e}}`,
      `{"p":"${projectId}","g":0}`,
      // A link made before links carried a generation.
      `{"p":"${projectId}","e":${e}}`,
      `{"p":"${projectId}","g":-1,"e":${e}}`,
      `{"p":"${projectId}","g":"0","e":${e}}`,
      '[]',
    ]) {
      const payload = Buffer.from(body).toString('base64url');
      // Signed with the right key, to prove the payload itself is checked after the signature.
      const token = `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
      expect(verifyPreviewToken({ key, token, now })).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refuses junk without throwing', () => {
    for (const token of ['', '.', 'a.b.c', 'a b.c', 'é.é', `${'a'.repeat(600)}.b`]) {
      expect(verifyPreviewToken({ key, token, now })).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});
