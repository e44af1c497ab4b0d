import { hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Shorter keys are refused: the key signs preview links and will encrypt stored secrets. */
export const SECRET_KEY_MIN_LENGTH = 32;
export const SECRET_KEY_FILE = 'secret.key';

/**
 * The server's root secret: SECRET_KEY when set, otherwise a random key generated
 * once into DATA_DIR/secret.key (mode 0600) and read back on every later start. Features never use
 * it directly; each derives its own key with `deriveKey`.
 */
export async function loadSecretKey(options: {
  secretKey?: string | undefined;
  dataDir: string;
}): Promise<Buffer> {
  if (options.secretKey !== undefined) return Buffer.from(options.secretKey, 'utf8');
  const file = path.join(options.dataDir, SECRET_KEY_FILE);
  const existing = await readKeyFile(file);
  if (existing) return existing;

  await fs.mkdir(options.dataDir, { recursive: true });
  await createKeyFile(file);
  const created = await readKeyFile(file);
  if (!created) throw new Error(`${file} could not be created`);
  return created;
}

/** A key for one purpose (`'preview-token'`, `'secrets'`), so no two features share key material. */
export function deriveKey(secret: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `kiln:${purpose}`, 32));
}

async function readKeyFile(file: string): Promise<Buffer | null> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const key = text.trim();
  if (key.length < SECRET_KEY_MIN_LENGTH) {
    throw new Error(
      `${file} holds fewer than ${SECRET_KEY_MIN_LENGTH} characters: restore it, or set SECRET_KEY`,
    );
  }
  return Buffer.from(key, 'utf8');
}

/**
 * Written to a private temporary file and hard-linked into place, which fails if the file exists:
 * two processes starting at once both end up with the one key that won, never a half-written file.
 */
async function createKeyFile(file: string): Promise<void> {
  const key = `${randomBytes(32).toString('base64url')}\n`;
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(temporary, key, { mode: 0o600, flag: 'wx' });
  try {
    await fs.link(temporary, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS') {
      // File systems without hard links: exclusive create is still safe, if not atomic.
      await fs.writeFile(file, key, { mode: 0o600, flag: 'wx' }).catch((inner: unknown) => {
        if ((inner as NodeJS.ErrnoException).code !== 'EEXIST') throw inner;
      });
    } else if (code !== 'EEXIST') {
      throw error;
    }
  } finally {
    await fs.rm(temporary, { force: true });
  }
}
