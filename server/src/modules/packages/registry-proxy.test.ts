import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port';
import { startWheelIndex, type WheelIndex } from '../../test/wheel-index';
import { createRegistryBridge, type RegistryBridge } from './registry-bridge';
import { createRegistryProxy, type RegistryProxy } from './registry-proxy/registry-proxy';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request as a program in the sandbox makes it: to the bridge's socket, as 127.0.0.1:4873. */
function ask(bridge: RegistryBridge, pathname: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { socketPath: bridge.bridge.socket, path: pathname, method, headers: { host: '127.0.0.1' } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Just enough of an npm registry: one packument whose tarball the test can swap. */
function fakeNpmRegistry() {
  const state = { tarball: Buffer.from('tarball bytes, version one'), served: 0, foreign: '' };
  const server: Server = createServer((request, response) => {
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    if (request.url === '/tiny') {
      const integrity = `sha512-${createHash('sha512').update(state.tarball).digest('base64')}`;
      const packument = {
        name: 'tiny',
        versions: {
          '1.0.0': { dist: { tarball: `${origin}/tiny/-/tiny-1.0.0.tgz`, integrity } },
          '2.0.0': { dist: { tarball: state.foreign || 'http://169.254.169.254/latest/x.tgz' } },
        },
      };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(packument));
      return;
    }
    if (request.url === '/tiny/-/tiny-1.0.0.tgz') {
      state.served += 1;
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(state.tarball);
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end('{"error":"Not found"}');
  });
  return { server, state };
}

describe('the registry proxy', () => {
  let root: string;
  let npm: ReturnType<typeof fakeNpmRegistry>;
  let npmUrl: string;
  let index: WheelIndex;
  let proxy: RegistryProxy;
  const open: RegistryBridge[] = [];

  const bridge = async () => {
    const opened = await createRegistryBridge({
      projectId: 'test-project',
      proxy,
      allowScripts: false,
    });
    open.push(opened);
    return opened;
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'kiln-proxy-'));
    npm = fakeNpmRegistry();
    await new Promise<void>((resolve) => npm.server.listen(0, '127.0.0.1', resolve));
    npmUrl = `http://127.0.0.1:${(npm.server.address() as { port: number }).port}/`;
    index = await startWheelIndex();
    index.addWheel({ name: 'tiny_wheel', version: '1.0' });
    index.addSourceOnly('only-source');
    proxy = createRegistryProxy({
      npmRegistryUrl: npmUrl,
      pipIndexUrl: index.url,
      cacheDir: path.join(root, 'package-cache'),
      signingKey: randomBytes(32),
    });
  });

  afterAll(async () => {
    await Promise.all(open.map((opened) => opened.close()));
    npm.server.close();
    await index.close();
    await rm(root, { recursive: true, force: true });
  });

  it('points npm tarballs at itself and serves them from a cache shared by every project', async () => {
    const first = await bridge();
    const packument = JSON.parse((await ask(first, '/npm/tiny')).body.toString()) as {
      versions: Record<string, { dist: { tarball: string } }>;
    };
    expect(packument.versions['1.0.0']!.dist.tarball).toBe(
      'http://127.0.0.1:4873/npm/tiny/-/tiny-1.0.0.tgz',
    );
    // A tarball on another host gets a signed link, whose target the proxy still vets.
    expect(packument.versions['2.0.0']!.dist.tarball).toMatch(
      /^http:\/\/127\.0\.0\.1:4873\/npm\/~file\/[\w-]{22}\/[\w-]+\/x\.tgz$/,
    );
    const tarball = await ask(first, '/npm/tiny/-/tiny-1.0.0.tgz');
    expect(tarball.status).toBe(200);
    expect(tarball.body.toString()).toBe('tarball bytes, version one');
    const internal = await ask(first, new URL(packument.versions['2.0.0']!.dist.tarball).pathname);
    expect(internal.status).toBe(403);
    expect(internal.body.toString()).toContain('169.254.169.254');

    const second = await bridge();
    const again = await ask(second, '/npm/tiny/-/tiny-1.0.0.tgz');
    expect(again.body.toString()).toBe('tarball bytes, version one');
    expect(npm.state.served).toBe(1);
    const blobs = await readdir(path.join(root, 'package-cache', 'blobs'), { recursive: true });
    const sha256 = createHash('sha256').update('tarball bytes, version one').digest('hex');
    expect(blobs).toContain(path.join(sha256.slice(0, 2), sha256));
  });

  it('refuses a tarball that does not match the integrity its packument published', async () => {
    npm.state.tarball = Buffer.from('tampered bytes');
    const stale = await bridge();
    // The packument now promises the tampered bytes' digest: the cached copy no longer matches,
    // and the fresh download does.
    await ask(stale, '/npm/tiny');
    const fresh = await ask(stale, '/npm/tiny/-/tiny-1.0.0.tgz');
    expect(fresh.body.toString()).toBe('tampered bytes');

    const tricked = await bridge();
    await ask(tricked, '/npm/tiny');
    npm.state.tarball = Buffer.from('swapped after the packument was read');
    await rm(path.join(root, 'package-cache', 'index'), { recursive: true, force: true });
    const refused = await ask(tricked, '/npm/tiny/-/tiny-1.0.0.tgz');
    expect(refused.status).toBe(502);
    expect(JSON.parse(refused.body.toString()).error).toContain('does not match the checksum');
    expect(tricked.problems()).toContainEqual(expect.objectContaining({ kind: 'integrity' }));
  });

  it('rewrites a PEP 503 page to signed wheel links, leaving out source archives', async () => {
    const opened = await bridge();
    const page = await ask(opened, '/pypi/Tiny_Wheel/');
    expect(page.status).toBe(200);
    const html = page.body.toString();
    const href = /href="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(href).toMatch(
      /^http:\/\/127\.0\.0\.1:4873\/pypi\/~file\/[\w-]{22}\/[\w-]+\/tiny_wheel-1\.0-py3-none-any\.whl#sha256=[0-9a-f]{64}$/,
    );
    expect(html).not.toContain(index.url);
    const wheel = await ask(opened, new URL(href).pathname);
    expect(wheel.status).toBe(200);
    expect(wheel.body.subarray(0, 2).toString()).toBe('PK');

    const sourceOnly = await ask(opened, '/pypi/only-source/');
    expect(sourceOnly.body.toString()).not.toContain('.tar.gz');
    expect(opened.problems()).toContainEqual({
      kind: 'no-wheel',
      ecosystem: 'python',
      name: 'only-source',
    });
  });

  it('fetches nothing it did not sign, and only downloads', async () => {
    const opened = await bridge();
    const target = Buffer.from('http://127.0.0.1:5432/secret').toString('base64url');
    const forged = await ask(opened, `/npm/~file/AAAAAAAAAAAAAAAAAAAAAA/${target}/secret`);
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.body.toString()).error).toContain('only follows links it wrote');

    const page = await ask(opened, '/pypi/tiny-wheel/');
    const href = /href="([^"]+)"/.exec(page.body.toString())?.[1] ?? '';
    const [, , , , , signature] = new URL(href).pathname.split('/');
    const reused = await ask(opened, `/pypi/~file/${signature}/${target}/secret.whl`);
    expect(reused.status).toBe(403);

    const escape = await ask(opened, '/npm/..%2f..%2fadmin');
    expect([400, 404]).toContain(escape.status);
    const publish = await ask(opened, '/npm/tiny', 'PUT');
    expect(publish.status).toBe(405);
    expect(JSON.parse(publish.body.toString()).error).toContain('only downloads packages');
    const elsewhere = await ask(opened, '/admin');
    expect(elsewhere.status).toBe(404);
  });

  it('answers 404 for a package that does not exist, and notes its name', async () => {
    const opened = await bridge();
    expect((await ask(opened, '/npm/@kiln-test%2fmissing')).status).toBe(404);
    expect((await ask(opened, '/pypi/no-such-project/')).status).toBe(404);
    expect(opened.problems()).toEqual([
      { kind: 'not-found', ecosystem: 'npm', name: '@kiln-test/missing' },
      { kind: 'not-found', ecosystem: 'python', name: 'no-such-project' },
    ]);
  });

  it('answers 502 with a readable reason when the registry cannot be reached', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const down = createRegistryProxy({
      npmRegistryUrl: `${closed}/`,
      pipIndexUrl: `${closed}/simple/`,
      cacheDir: path.join(root, 'package-cache'),
      signingKey: randomBytes(32),
    });
    const opened = await createRegistryBridge({ projectId: 'x', proxy: down, allowScripts: false });
    open.push(opened);
    const answer = await ask(opened, '/npm/tiny');
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body.toString()).error).toBe(
      `Kiln could not reach the registry at ${closed} (ECONNREFUSED).`,
    );
    expect(opened.problems()).toEqual([
      {
        kind: 'unreachable',
        ecosystem: 'npm',
        registry: `${closed}/`,
        detail: 'ECONNREFUSED',
      },
    ]);
  });
});
