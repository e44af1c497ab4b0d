import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveClientApp } from './client-app';

describe('the built client', () => {
  let dir: string;
  const app = Fastify();
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kiln-client-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Kiln</title>');
    await writeFile(path.join(dir, 'assets', 'app-1234.js'), 'console.log("app");');
    await writeFile(path.join(dir, 'assets', 'app-1234.js.map'), '{"sources":["secret.tsx"]}');
    expect(await serveClientApp(app, dir)).toBe(true);
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves its assets, cached for a year', async () => {
    const response = await app.inject('/assets/app-1234.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('never serves a source map', async () => {
    const response = await app.inject('/assets/app-1234.js.map');
    expect(response.body).not.toContain('secret.tsx');
  });
});
