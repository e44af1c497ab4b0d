import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { deriveKey } from '../../lib/secret-key';
import { safeEqual } from '../../lib/tokens';

/*
 * A preview link carries its own proof instead of a cookie (decision 0005): the token is
 * base64url(JSON payload) "." base64url(HMAC-SHA256(payload)), under a key derived from the
 * server's secret for this purpose only. Nothing is stored, so any instance sharing SECRET_KEY
 * can check it.
 */

const PayloadSchema = z.object({
  /** Project id. */
  p: z.uuid(),
  /**
   * The project's access generation when the link was made: a link of an older generation is
   * revoked (a member was removed or made a viewer since).
   */
  g: z.number().int().min(0),
  /** Expiry, in seconds since the epoch. */
  e: z.number().int().positive(),
});

/** Far longer than any real token; longer input is refused before any work is done. */
const MAX_TOKEN_LENGTH = 512;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export type PreviewTokenCheck =
  | { ok: true; projectId: string; generation: number; expiresAt: Date }
  | { ok: false; reason: 'invalid' }
  /** Genuine but past its time: the project it names is still told, to check the host. */
  | { ok: false; reason: 'expired'; projectId: string };

export function previewTokenKey(secret: Buffer): Buffer {
  return deriveKey(secret, 'preview-token');
}

export function createPreviewToken(options: {
  key: Buffer;
  projectId: string;
  generation: number;
  expiresAt: Date;
}): string {
  const payload = Buffer.from(
    JSON.stringify({
      p: options.projectId,
      g: options.generation,
      e: Math.floor(options.expiresAt.getTime() / 1000),
    }),
  ).toString('base64url');
  return `${payload}.${sign(options.key, payload)}`;
}

export function verifyPreviewToken(options: {
  key: Buffer;
  token: string;
  now?: Date;
}): PreviewTokenCheck {
  const { token } = options;
  if (token.length > MAX_TOKEN_LENGTH || !TOKEN_SHAPE.test(token)) {
    return { ok: false, reason: 'invalid' };
  }
  const [payload = '', signature = ''] = token.split('.');
  // Compared as canonical base64url text in constant time, so no second spelling of a
  // signature is accepted and the comparison leaks nothing about where it differs.
  if (!safeEqual(signature, sign(options.key, payload))) return { ok: false, reason: 'invalid' };

  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const parsed = PayloadSchema.safeParse(decoded);
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  const { p: projectId, g: generation, e: expiry } = parsed.data;
  const expiresAt = new Date(expiry * 1000);
  if (expiresAt.getTime() <= (options.now ?? new Date()).getTime()) {
    return { ok: false, reason: 'expired', projectId };
  }
  return { ok: true, projectId, generation, expiresAt };
}

function sign(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}
