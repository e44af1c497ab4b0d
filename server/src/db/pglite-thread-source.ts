/**
 * Kiln's own embedded database in a worker thread of its own (pglite-thread.ts). PGlite runs
 * PostgreSQL in the thread that calls it, so in the server's thread every query held up every
 * request, terminal and socket until it ended; here the server's thread only sends queries and
 * reads answers.
 *
 * Messages in: `query` (text, params, rowMode, and the transaction it belongs to, if any),
 * `begin` (a transaction numbered by the server's thread, held once PGlite's queue reaches it, so
 * every other query waits behind it as it would on one connection), `end` (commit or roll back)
 * and `close`.
 * Each is answered `done` with its result or `failed` with the error's own fields, which the
 * server's thread makes an Error again (codes such as 23505 and 53100 are what it reads).
 *
 * The server ships as one bundled file, so the worker is started from this source text.
 */
export const PGLITE_THREAD_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglitePath);
const { pg_trgm } = require(workerData.pgTrgmPath);
const { btree_gin } = require(workerData.btreeGinPath);

const ROLLBACK = Symbol('rollback');
/** Open transactions by number: the PGlite handle once held, how to end it, and its outcome. */
const transactions = new Map();
let database;

async function open() {
  database = new PGlite({
    dataDir: workerData.dataDir,
    extensions: { pg_trgm, btree_gin },
    loadDataDir: workerData.copyOf ? new Blob([workerData.copyOf]) : undefined,
    pgliteWasmModule: workerData.wasmModule,
  });
  await database.waitReady;
  // Set once PGlite is ready: its start-up derives every array type's parser from its
  // element's, which would replace an array parser set at construction.
  for (const oid of workerData.textOids) database.parsers[oid] = (value) => value;
}

/** What crosses back of an error: its message, name and every field that is plain data. */
function plain(error, depth = 0) {
  if (!error || typeof error !== 'object') return { message: String(error) };
  const fields = { message: String(error.message), name: String(error.name || 'Error') };
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  if (error.cause && depth < 4) fields.cause = plain(error.cause, depth + 1);
  return fields;
}

/**
 * Opens transaction \`number\` (the server's thread numbers them, so it sends the first query
 * right behind, without waiting for an answer): it is held once PGlite's queue reaches it, and
 * its queries wait for that.
 */
function begin(number) {
  let hold, failToHold, ended;
  const held = new Promise((resolve, reject) => ((hold = resolve), (failToHold = reject)));
  const finished = new Promise((resolve, reject) => (ended = { resolve, reject }));
  // A rollback asked for before PGlite reached the transaction is not an unhandled rejection.
  held.catch(() => undefined);
  finished.catch(() => undefined);
  const settled = database
    .transaction((tx) => {
      hold(tx);
      return finished;
    })
    .then(
      () => undefined,
      (error) => {
        failToHold(error);
        if (error !== ROLLBACK) throw error;
      },
    )
    .finally(() => transactions.delete(number));
  settled.catch(() => undefined);
  transactions.set(number, { held, ended, settled });
  return Promise.resolve();
}

/** Commits or rolls back transaction \`number\`; answered once PGlite has. */
function end(number, commit) {
  const open = transactions.get(number);
  if (!open) return Promise.reject(new Error('no such transaction: ' + number));
  if (commit) open.ended.resolve();
  else open.ended.reject(ROLLBACK);
  return open.settled;
}

function query(message) {
  if (!message.transaction) {
    return database.query(message.text, message.params, { rowMode: message.rowMode });
  }
  const open = transactions.get(message.transaction);
  if (!open) return Promise.reject(new Error('no such transaction: ' + message.transaction));
  return open.held.then((tx) => tx.query(message.text, message.params, { rowMode: message.rowMode }));
}

const HANDLERS = {
  query,
  begin: (message) => begin(message.transaction),
  end: (message) => end(message.transaction, message.commit),
  close: () => database.close(),
};

parentPort.on('message', (message) => {
  HANDLERS[message.kind](message).then(
    (result) => parentPort.postMessage({ kind: 'done', id: message.id, result }),
    (error) => parentPort.postMessage({ kind: 'failed', id: message.id, error: plain(error) }),
  );
});

open().then(
  () => parentPort.postMessage({ kind: 'ready' }),
  (error) => parentPort.postMessage({ kind: 'open-failed', error: plain(error) }),
);
`;
