import { guardLibraries } from './library-guard';
import { createResultCollector } from './result-collector';
import { createWireReader } from './wire-reader';

/**
 * One project's PGlite, in a worker thread of its own (docs/decisions/0017-project-databases.md).
 * PGlite runs PostgreSQL in the thread that calls it, where statement_timeout never fires, so
 * the server's thread keeps the clock and terminates this worker when a query runs too long;
 * PostgreSQL's recovery makes the data folder whole again at the next open.
 *
 * Queries run as PGlite's superuser, so loading libraries is fenced off (library-guard.ts).
 *
 * Each query's answer is read as it streams out of PostgreSQL (wire-reader.ts) and only what the
 * result keeps is held. After it, a transaction the query left open is rolled back and the
 * session reset (DISCARD ALL), so every run starts alike, as it would on a fresh connection.
 *
 * The server ships as one bundled file, so the worker is started from source text: the
 * guard, the collector and the reader are compiled functions that use nothing outside their bodies.
 */
export const PGLITE_WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
// tsx and Vitest compile with esbuild's keepNames, which may call this helper.
const __name = (target) => target;
const guardLibraries = ${guardLibraries.toString()};
const createResultCollector = ${createResultCollector.toString()};
const createWireReader = ${createWireReader.toString()};
const { PGlite, protocol } = require(workerData.pglitePath);
const { NodeFS } = require(workerData.nodefsPath);
const { createHash } = require('node:crypto');

// Before PostgreSQL starts, so no library a query wrote can load, even at start-up.
const GuardedFileSystem = guardLibraries({
  FileSystem: NodeFS,
  folder: workerData.libraryFolder,
  sha256: (bytes) => createHash('sha256').update(bytes).digest('hex'),
  refusal: workerData.libraryRefusal,
});

let database;

async function open() {
  database = new PGlite({
    fs: new GuardedFileSystem(workerData.dataDir),
    pgliteWasmModule: workerData.wasmModule,
    initdbWasmModule: workerData.initdbWasmModule,
    startParams: [...PGlite.defaultStartParams, ...workerData.startParams],
    initDbStartParams: workerData.initDbStartParams,
  });
  await database.waitReady;
}

function stream(text, onRawData) {
  return database.execProtocolRawStream(protocol.serialize.query(text), { onRawData });
}

// COPY ... FROM STDIN would wait for data no one sends, and PGlite would lose the connection:
// a CopyFail right behind the query ends such a COPY with an error, and PostgreSQL ignores it
// when no COPY is waiting.
const copyFail = protocol.serialize.copyFail(workerData.copyFailMessage);

async function run(text, limits) {
  const collector = createResultCollector(limits, text);
  const query = protocol.serialize.query(text);
  const message = new Uint8Array(query.length + copyFail.length);
  message.set(query);
  message.set(copyFail, query.length);
  await database.execProtocolRawStream(message, { onRawData: createWireReader(collector) });
  if (collector.transactionStatus() !== 'I') {
    await stream('ROLLBACK', () => undefined);
    collector.addNotice(workerData.rolledBackNotice);
  }
  await stream('DISCARD ALL', () => undefined);
  return collector.finish();
}

parentPort.on('message', (message) => {
  if (message.kind === 'execute') {
    run(message.sql, message.limits).then(
      (execution) => parentPort.postMessage({ kind: 'result', id: message.id, execution }),
      (error) => parentPort.postMessage({ kind: 'failed', id: message.id, message: String(error && error.message || error) }),
    );
  } else if (message.kind === 'forward') {
    // A database bridge's client (pglite-bridge-connection.ts): its messages as they came, its
    // answer back as it streams out.
    database
      .execProtocolRawStream(message.bytes, {
        // A view into PostgreSQL's memory: copied, or the whole memory would be cloned.
        onRawData: (view) => {
          const chunk = view.slice();
          parentPort.postMessage({ kind: 'chunk', id: message.id, chunk }, [chunk.buffer]);
        },
      })
      .then(
        () => parentPort.postMessage({ kind: 'forwarded', id: message.id }),
        (error) => parentPort.postMessage({ kind: 'failed', id: message.id, message: String(error && error.message || error) }),
      );
  } else if (message.kind === 'close') {
    database.close().then(
      () => parentPort.postMessage({ kind: 'closed' }),
      () => parentPort.postMessage({ kind: 'closed' }),
    );
  }
});

open().then(
  () => parentPort.postMessage({ kind: 'ready' }),
  (error) => parentPort.postMessage({ kind: 'open-failed', message: String(error && error.message || error) }),
);
`;
