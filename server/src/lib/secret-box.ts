import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (environment variables, and later deploy keys and Git tokens): AES-256-GCM
 * under a key derived from SECRET_KEY for this purpose (`deriveKey(secret, 'secrets')`). Each
 * value gets a fresh 96-bit nonce; the authentication tag makes a tampered value fail to open
 * rather than decrypt to garbage. Stored as `v1.<nonce>.<tag>.<ciphertext>` in base64url, the
 * version leaving room to change the scheme without guessing at old values.
 */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('A secret box needs a 32-byte key');
  return {
    seal(plaintext) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [nonce, cipher.getAuthTag(), ciphertext].map((part) =>
        part.toString('base64url'),
      );
      return [VERSION, ...parts].join('.');
    },
    open(sealed) {
      const [version, nonce, tag, ciphertext] = sealed.split('.');
      if (
        version !== VERSION ||
        nonce === undefined ||
        tag === undefined ||
        ciphertext === undefined
      ) {
        throw new Error('Not a sealed secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
