import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const requireHere = createRequire(import.meta.url);

/**
 * PGlite's CommonJS entries, which worker threads load with `require`: the server ships as one
 * bundled file, so a worker is started from source text and finds PGlite by these paths.
 */
export const PGLITE_PATHS = {
  pglite: requireHere.resolve('@electric-sql/pglite'),
  nodefs: requireHere.resolve('@electric-sql/pglite/nodefs'),
  pgTrgm: requireHere.resolve('@electric-sql/pglite/contrib/pg_trgm'),
  btreeGin: requireHere.resolve('@electric-sql/pglite/contrib/btree_gin'),
};

/** Node's WebAssembly global, which the server's TypeScript settings describe only as types. */
const wasm = (
  globalThis as unknown as {
    WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> };
  }
).WebAssembly;

/** One of PGlite's WebAssembly files (`pglite.wasm`, `initdb.wasm`), compiled in this thread. */
export async function compileShipped(file: string): Promise<WebAssembly.Module> {
  return wasm.compile(await fs.readFile(path.join(path.dirname(PGLITE_PATHS.pglite), file)));
}

let postgres: Promise<WebAssembly.Module> | undefined;

/**
 * PostgreSQL compiled once per process and handed to every worker that runs a PGlite: each
 * would otherwise compile its own copy (seconds of a core, and memory).
 */
export function compiledPostgres(): Promise<WebAssembly.Module> {
  postgres ??= compileShipped('pglite.wasm');
  postgres.catch(() => (postgres = undefined));
  return postgres;
}
