import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { zipSync } from 'fflate';

/** A pure-Python package to serve as a wheel: module files by path inside the wheel. */
export interface TinyWheel {
  name: string;
  version?: string;
  /** Defaults to a package `<name>` whose `__init__.py` sets `GREETING`. */
  files?: Record<string, string>;
}

export interface WheelIndex {
  /** The PEP 503 index, with a trailing slash, as PIP_INDEX_URL. */
  url: string;
  addWheel(wheel: TinyWheel): void;
  /** A wheel built elsewhere (test/installed-wheels.ts), served under its own file name. */
  addBuiltWheel(name: string, filename: string, bytes: Uint8Array): void;
  /** A project that has only a source archive, which Kiln must not install. */
  addSourceOnly(name: string, version?: string): void;
  /** Every path requested so far. */
  readonly requests: string[];
  close(): Promise<void>;
}

const normalise = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '-');
const distName = (name: string) => name.replace(/[-.]+/g, '_');
const recordHash = (bytes: Uint8Array) =>
  `sha256=${createHash('sha256').update(bytes).digest('base64url')}`;

/** A wheel is a zip: the package's files and a `.dist-info` folder describing them. */
export function buildWheel(wheel: TinyWheel): { filename: string; bytes: Buffer } {
  const version = wheel.version ?? '1.0';
  const dist = distName(wheel.name);
  const module = dist.toLowerCase();
  const files = wheel.files ?? {
    [`${module}/__init__.py`]: `GREETING = ${JSON.stringify(`hello from ${wheel.name}`)}\n`,
  };
  const info = `${dist}-${version}.dist-info`;
  const entries: Record<string, Uint8Array> = {};
  for (const [name, text] of Object.entries(files)) entries[name] = Buffer.from(text);
  entries[`${info}/METADATA`] = Buffer.from(
    `Metadata-Version: 2.1\nName: ${wheel.name}\nVersion: ${version}\n`,
  );
  entries[`${info}/WHEEL`] = Buffer.from(
    'Wheel-Version: 1.0\nGenerator: kiln-test\nRoot-Is-Purelib: true\nTag: py3-none-any\n',
  );
  const record = Object.entries(entries)
    .map(([name, bytes]) => `${name},${recordHash(bytes)},${bytes.length}`)
    .concat(`${info}/RECORD,,`)
    .join('\n');
  entries[`${info}/RECORD`] = Buffer.from(`${record}\n`);
  return {
    filename: `${dist}-${version}-py3-none-any.whl`,
    bytes: Buffer.from(zipSync(entries)),
  };
}

/**
 * A PEP 503 simple index on 127.0.0.1 serving wheels the test builds. Files live outside the
 * index's path (`/files/`), linked relatively with their sha256, as many mirrors do.
 */
export async function startWheelIndex(): Promise<WheelIndex> {
  const projects = new Map<string, Array<{ filename: string; sha256: string }>>();
  const files = new Map<string, Buffer>();
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = request.url ?? '/';
    requests.push(url);
    const page = /^\/simple\/([^/]+)\/$/.exec(url);
    if (page) {
      const listed = projects.get(normalise(page[1]!));
      if (!listed) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
        return;
      }
      const links = listed
        .map(
          (file) =>
            `<a href="../../files/${file.filename}#sha256=${file.sha256}">${file.filename}</a><br>`,
        )
        .join('\n');
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<!DOCTYPE html><html><body>\n${links}\n</body></html>\n`);
      return;
    }
    const file = /^\/files\/([^/]+)$/.exec(url);
    const bytes = file ? files.get(file[1]!) : undefined;
    if (bytes) {
      response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const add = (name: string, filename: string, bytes: Buffer) => {
    if (!/^[\w.+-]+$/.test(filename)) throw new Error(`Not a file name for the index: ${filename}`);
    files.set(filename, bytes);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const listed = projects.get(normalise(name)) ?? [];
    listed.push({ filename, sha256 });
    projects.set(normalise(name), listed);
  };
  return {
    url: `http://127.0.0.1:${port}/simple/`,
    addWheel(wheel) {
      const built = buildWheel(wheel);
      add(wheel.name, built.filename, built.bytes);
    },
    addBuiltWheel(name, filename, bytes) {
      add(name, filename, Buffer.from(bytes));
    },
    addSourceOnly(name, version = '1.0') {
      add(name, `${distName(name)}-${version}.tar.gz`, Buffer.from('not really a tarball'));
    },
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
