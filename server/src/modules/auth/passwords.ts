import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the enum is a const enum that isolated modules cannot read.
const ARGON2ID = 2;

// OWASP's Argon2id baseline: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let decoyHash: Promise<string> | undefined;

/**
 * Verifies against a decoy hash when the account does not exist, so an unknown email takes as
 * long as a wrong password and the two cannot be told apart.
 */
export async function verifyPassword(passwordHash: string | null, password: string) {
  if (passwordHash === null) {
    decoyHash ??= hashPassword('kiln-decoy-password');
    await verify(await decoyHash, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
