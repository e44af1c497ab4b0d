// Writes .br and .gz beside each text asset of the build, so the server can send them as they
// are (@fastify/static preCompressed) instead of compressing on every request. Each is written
// under a temporary name and renamed, so a server already running (`npm start` compresses
// beside the first boot) sends a whole file or the uncompressed one, never half of one; the
// marker file COMPRESSED_MARKER is written last and says the build's compression is complete.
//
// Brotli's best quality (11) costs about twice the time of quality 10 for under 2% less on the
// largest files (the editor's TypeScript worker: 10.6 s against 4.9 s on this project's 2-core
// machine, 1,042 KB against 1,061 KB), which only the editor loads; the pages of a first visit
// are small files and keep quality 11. Files are compressed on libuv's threads, several at once.
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'dist');
const COMPRESSED_MARKER = '.compressed';
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map|wasm)$/;
/** Past this size a file gets brotli quality 10 instead of 11 (see above). */
const LARGE_BYTES = 1024 * 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name) && !entry.name.endsWith('.map')) yield full;
  }
}

async function compress(file) {
  const body = await readFile(file);
  if (body.length < 1024) return;
  const quality = body.length > LARGE_BYTES ? 10 : 11;
  const [gz, br] = await Promise.all([
    gzipped(body, { level: 9 }),
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ]);
  await Promise.all([writeWhole(`${file}.gz`, gz), writeWhole(`${file}.br`, br)]);
}

async function writeWhole(file, bytes) {
  await writeFile(`${file}.partial`, bytes);
  await rename(`${file}.partial`, file);
}

const all = [];
for await (const file of files(dist)) all.push(file);
// Largest first, so the longest one does not start last.
const sizes = new Map(
  await Promise.all(all.map(async (file) => [file, (await readFile(file)).length])),
);
all.sort((a, b) => sizes.get(b) - sizes.get(a));
await Promise.all(all.map(compress));
await writeFile(path.join(dist, COMPRESSED_MARKER), `${new Date().toISOString()}\n`);
