import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signs the addresses Kiln's registry proxy writes into metadata (a tarball on another host, a
 * wheel on files.pythonhosted.org), so the proxy fetches an address only if it wrote it itself:
 * a program in the sandbox cannot make up a link to anywhere else (decision 0016). The key is
 * derived from SECRET_KEY for this purpose alone.
 */
export interface LinkSigner {
  sign(ecosystem: string, url: string): string;
  verify(ecosystem: string, url: string, signature: string): boolean;
}

/** 128 bits of an HMAC-SHA256, as base64url: plenty against guessing, short in a path. */
const SIGNATURE_BYTES = 16;

export function createLinkSigner(key: Buffer): LinkSigner {
  const mac = (ecosystem: string, url: string) =>
    createHmac('sha256', key).update(`${ecosystem}\n${url}`).digest().subarray(0, SIGNATURE_BYTES);
  return {
    sign: (ecosystem, url) => mac(ecosystem, url).toString('base64url'),
    verify(ecosystem, url, signature) {
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(ecosystem, url);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
