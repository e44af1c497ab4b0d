import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  redirect,
  startRecordingServer,
  type RecordingServer,
} from '../../../test/recording-server';
import { createRegistryProxy } from './registry-proxy';

const TARBALL = Buffer.from('the registry tarball');
const integrity = (bytes: Buffer) =>
  `sha512-${createHash('sha512').update(bytes).digest('base64')}`;

/**
 * An npm registry on 127.0.0.1 whose tarballs redirect: 1.0.0 to another server on this machine
 * by its address (`elsewhere`, which is not a registry), 1.1.0 to the same server by the name
 * localhost, 1.2.0 to storage on the registry itself. `elsewhere` answers anything with bytes of
 * its own and writes down every request it gets.
 */
describe("the registry proxy's archive downloads that redirect", () => {
  let root: string;
  let registry: RecordingServer;
  let elsewhere: RecordingServer;
  let proxy: RecordingServer;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'kiln-proxy-redirects-'));
    elsewhere = await startRecordingServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end('bytes from a host the proxy must not reach');
    });
    registry = await startRecordingServer((request, response) => {
      const tarball = (version: string) => `${registry.origin}/tiny/-/tiny-${version}.tgz`;
      switch (request.url) {
        case '/tiny':
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({
              name: 'tiny',
              versions: Object.fromEntries(
                ['1.0.0', '1.1.0', '1.2.0'].map((version) => [
                  version,
                  { dist: { tarball: tarball(version) } },
                ]),
              ),
            }),
          );
          return;
        case '/tiny/-/tiny-1.0.0.tgz':
          return redirect(response, 302, `${elsewhere.origin}/stash/tiny-1.0.0.tgz`);
        case '/tiny/-/tiny-1.1.0.tgz':
          return redirect(response, 302, `http://localhost:${elsewhere.port}/stash/tiny.tgz`);
        case '/tiny/-/tiny-1.2.0.tgz':
          return redirect(response, 307, '/storage/tiny-1.2.0.tgz');
        case '/storage/tiny-1.2.0.tgz':
          response.writeHead(200, { 'content-type': 'application/octet-stream' });
          response.end(TARBALL);
          return;
        default:
          response.writeHead(404, { 'content-type': 'application/json' });
          response.end('{"error":"Not found"}');
      }
    });
    const registryProxy = createRegistryProxy({
      npmRegistryUrl: `${registry.origin}/`,
      pipIndexUrl: `${registry.origin}/simple/`,
      cacheDir: path.join(root, 'package-cache'),
      signingKey: randomBytes(32),
    });
    const bridge = registryProxy.forBridge('http://127.0.0.1:4873');
    proxy = await startRecordingServer((request, response) => bridge.handle(request, response));
  });

  afterAll(async () => {
    await Promise.all([proxy?.close(), registry?.close(), elsewhere?.close()]);
    await rm(root, { recursive: true, force: true });
  });

  it('refuses a redirect to an address of this machine, by address or by name, reaching nothing', async () => {
    const packument = await fetch(`${proxy.origin}/npm/tiny`);
    expect(packument.status).toBe(200);
    for (const [version, host] of [
      ['1.0.0', `127.0.0.1:${elsewhere.port}`],
      ['1.1.0', `localhost:${elsewhere.port}`],
    ]) {
      const answer = await fetch(`${proxy.origin}/npm/tiny/-/tiny-${version}.tgz`);
      expect(answer.status, version).toBe(403);
      expect(await answer.json()).toEqual({
        error: `Kiln does not download packages from ${host}.`,
      });
    }
    expect(elsewhere.requests).toEqual([]);
  });

  it('follows a redirect within the registry and serves what it found', async () => {
    const answer = await fetch(`${proxy.origin}/npm/tiny/-/tiny-1.2.0.tgz`);
    expect(answer.status).toBe(200);
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(integrity(bytes)).toBe(integrity(TARBALL));
    expect(registry.requests.map((request) => request.url)).toContain('/storage/tiny-1.2.0.tgz');
    expect(elsewhere.requests).toEqual([]);
  });
});
