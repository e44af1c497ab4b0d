import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deriveKey, loadSecretKey, SECRET_KEY_FILE } from './secret-key';

describe('loadSecretKey', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'kiln-key-')), 'data');
  });
  afterEach(() => fs.rm(path.dirname(dataDir), { recursive: true, force: true }));

  it('generates a private key file once and reads the same key back on every later start', async () => {
    const first = await loadSecretKey({ dataDir });
    const file = path.join(dataDir, SECRET_KEY_FILE);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect((await loadSecretKey({ dataDir })).equals(first)).toBe(true);
    expect(await fs.readdir(dataDir)).toEqual([SECRET_KEY_FILE]);
  });

  it('gives every process starting at once the same key', async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadSecretKey({ dataDir })));
    for (const key of keys) expect(key.equals(keys[0]!)).toBe(true);
  });

  it('uses SECRET_KEY when set, and writes nothing', async () => {
    const key = await loadSecretKey({ secretKey: 's'.repeat(40), dataDir });
    expect(key.toString()).toBe('s'.repeat(40));
    await expect(fs.access(dataDir)).rejects.toThrow();
  });

  it('refuses a key file that was cut short rather than use a weak key', async () => {
    await fs.mkdir(dataDir, { recursive: true });
    await fs.writeFile(path.join(dataDir, SECRET_KEY_FILE), 'short\n');
    await expect(loadSecretKey({ dataDir })).rejects.toThrow(/fewer than 32 characters/);
  });
});

describe('deriveKey', () => {
  it('gives each purpose its own 256-bit key', () => {
    const secret = Buffer.from('x'.repeat(32));
    const preview = deriveKey(secret, 'preview-token');
    expect(preview).toHaveLength(32);
    expect(preview.equals(deriveKey(secret, 'preview-token'))).toBe(true);
    expect(preview.equals(deriveKey(secret, 'secrets'))).toBe(false);
    expect(preview.equals(deriveKey(Buffer.from('y'.repeat(32)), 'preview-token'))).toBe(false);
  });
});
