import { createHmac, randomBytes } from 'node:crypto';
import { hashToken, safeEqual } from './tokens';

/**
 * CSRF tokens bound to one browser state (docs/decisions/0002-sessions-csrf-and-throttling.md):
 * token = base64url(nonce ‖ HMAC-SHA256(key, nonce ‖ binding) cut to 16 bytes). Only the server
 * holds the key, so a token can neither be forged nor moved to another session or browser.
 */
const NONCE_BYTES = 16;
const TAG_BYTES = 16;
/** 32 bytes in base64url: the same shape as every other Kiln token. */
const TOKEN_PATTERN = /^[\w-]{43}$/;

/** What a signed-in browser's token is bound to: the session id (the cookie token's hash). */
export function sessionBinding(sessionToken: string): string {
  return `session:${hashToken(sessionToken)}`;
}

/** What a signed-out browser's token is bound to: its HttpOnly pre-session value. */
export function presessionBinding(presession: string): string {
  return `presession:${presession}`;
}

export function mintCsrfToken(
  key: Buffer,
  binding: string,
  nonce: Buffer = randomBytes(NONCE_BYTES),
): string {
  const tag = createHmac('sha256', key).update(nonce).update(binding, 'utf8').digest();
  return Buffer.concat([nonce, tag.subarray(0, TAG_BYTES)]).toString('base64url');
}

/** Whether `token` was minted with `key` for `binding`, compared in constant time. */
export function verifyCsrfToken(key: Buffer, binding: string, token: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const nonce = Buffer.from(token, 'base64url').subarray(0, NONCE_BYTES);
  return safeEqual(mintCsrfToken(key, binding, nonce), token);
}
