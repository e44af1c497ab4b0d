import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingServer, type RecordingServer } from '../test/recording-server';
import { fetchPinned, RefusedAddressError, resolveCheckedAddress } from './pinned-address';
import { isPublicAddress } from './public-address';

const onlyLoopback = (address: string) => address === '127.0.0.1';

describe('connections pinned to a checked address', () => {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer((request, response) => {
      if (request.url === '/gzip') {
        response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain' });
        response.end(gzipSync('unzipped text'));
        return;
      }
      if (request.url === '/slow') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.write('a first part');
        return;
      }
      response.writeHead(200, { 'content-type': 'text/plain', 'x-host': request.headers.host });
      response.end(`${request.method} ${request.url}`);
    });
  });
  afterAll(() => server.close());

  it('connects to the address it checked, whatever the name stands for by the time it connects', async () => {
    // DNS rebinding: the name stands for an allowed address when checked, for another after.
    const answers = [['127.0.0.1'], ['10.0.0.5']];
    let lookups = 0;
    const resolve = async () => answers[Math.min(lookups++, 1)]!;
    const response = await fetchPinned(`http://rebinding.invalid:${server.port}/page`, {
      allow: onlyLoopback,
      resolve,
    });
    expect(await response.text()).toBe('GET /page');
    // The name was resolved once, by the check; TLS and virtual hosts still see the name.
    expect(lookups).toBe(1);
    expect(response.headers.get('x-host')).toBe(`rebinding.invalid:${server.port}`);
    expect(response.url).toBe(`http://rebinding.invalid:${server.port}/page`);
  });

  it('refuses a name when any of its addresses is refused, sending nothing', async () => {
    const before = server.requests.length;
    for (const addresses of [['10.0.0.5'], ['127.0.0.1', '10.0.0.5'], ['10.0.0.5', '127.0.0.1']]) {
      await expect(
        fetchPinned(`http://mixed.invalid:${server.port}/`, {
          allow: onlyLoopback,
          resolve: async () => addresses,
        }),
        addresses.join(','),
      ).rejects.toBeInstanceOf(RefusedAddressError);
    }
    await expect(
      fetchPinned(`http://127.0.0.1:${server.port}/`, { allow: isPublicAddress }),
    ).rejects.toThrow('127.0.0.1 stands for 127.0.0.1, which may not be reached');
    await expect(
      fetchPinned(`http://[::ffff:127.0.0.1]:${server.port}/`, { allow: isPublicAddress }),
    ).rejects.toBeInstanceOf(RefusedAddressError);
    expect(server.requests.length).toBe(before);
  });

  it('fails as fetch fails: unknown names, refused connections, other schemes, deadlines', async () => {
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => error as Error & { cause?: { code?: string } },
      );
    const unknown = await failure(
      resolveCheckedAddress('nowhere.invalid', onlyLoopback, async () => []),
    );
    expect(unknown).toMatchObject({ code: 'ENOTFOUND' });
    const closed = await startRecordingServer(() => {});
    await closed.close();
    const refused = await failure(fetchPinned(`${closed.origin}/`, { allow: onlyLoopback }));
    expect(refused).toBeInstanceOf(TypeError);
    expect(refused?.cause?.code).toBe('ECONNREFUSED');
    expect(await failure(fetchPinned('file:///etc/passwd', { allow: () => true }))).toBeInstanceOf(
      TypeError,
    );
    const slow = await fetchPinned(`${server.origin}/slow`, {
      allow: onlyLoopback,
      signal: AbortSignal.timeout(200),
    });
    expect((await failure(slow.text()))?.name).toBe('TimeoutError');
  });

  it('undoes gzip as fetch does, and sends a body with its length', async () => {
    const zipped = await fetchPinned(`${server.origin}/gzip`, { allow: onlyLoopback });
    expect(await zipped.text()).toBe('unzipped text');
    const posted = await fetchPinned(`${server.origin}/post`, {
      allow: onlyLoopback,
      method: 'POST',
      body: Buffer.from('payload'),
    });
    expect(await posted.text()).toBe('POST /post');
  });
});
