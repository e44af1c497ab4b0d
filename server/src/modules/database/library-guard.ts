import type { NodeFS } from '@electric-sql/pglite/nodefs';

/** The part of Emscripten's file system the guard reads. */
interface EmscriptenFs {
  readFile(path: string, options: { encoding: 'binary' }): Uint8Array;
  readdir(path: string): string[];
}

/** The part of the WebAssembly API that compiles code (the server's types describe no value). */
interface WasmCompiler {
  Module: {
    new (bytes: ArrayBuffer | ArrayBufferView): object;
    prototype: object;
    customSections(module: object, name: string): ArrayBuffer[];
    exports(module: object): unknown[];
    imports(module: object): unknown[];
  };
  compile(bytes: ArrayBuffer | ArrayBufferView): Promise<object>;
  instantiate(source: unknown, imports?: object): Promise<unknown>;
}

/**
 * In PGlite every query runs as PostgreSQL's superuser, who may write any bytes to a file
 * (`lo_export`) and have PostgreSQL load a file as a library: `LOAD`, `CREATE FUNCTION ...
 * LANGUAGE C`, or a `session_preload_libraries` setting the next start obeys. PGlite loads a
 * library as a WebAssembly side module and evaluates the JavaScript it carries (Emscripten's
 * EM_JS) in this thread, with Node's `require`, as the server's user: a query could run any
 * program on the server.
 *
 * Every side module, wherever its bytes come from, is compiled through this thread's
 * WebAssembly API, which this guard takes over before PostgreSQL starts: a side module (its
 * first section is `dylink.0`) compiles only if it is one PGlite ships, recognised by the
 * SHA-256 of its bytes. Those are read from PGlite's own file system as it is unpacked, before
 * any data folder is read (`initialSyncFs` of the file system returned); until then no side
 * module compiles at all. PGlite's main modules come compiled from the server's thread, and
 * Emscripten's small generated modules (function trampolines) are not side modules.
 *
 * Self-contained on purpose, like result-collector.ts: the worker runs it from its source text.
 */
export function guardLibraries(options: {
  FileSystem: typeof NodeFS;
  /** The folder of PGlite's own libraries (PL/pgSQL, encoding conversions). */
  folder: string;
  sha256: (bytes: Uint8Array) => string;
  refusal: string;
}): typeof NodeFS {
  const { FileSystem, folder, sha256, refusal } = options;
  const shipped = new Set<string>();

  const bytesOf = (source: unknown): Uint8Array | null => {
    if (source instanceof ArrayBuffer) return new Uint8Array(source);
    if (ArrayBuffer.isView(source)) {
      return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
    }
    return null;
  };
  /** Whether the module's first section is the custom section `dylink.0` (or the older `dylink`). */
  const isSideModule = (bytes: Uint8Array): boolean => {
    if (bytes.length < 10 || bytes[8] !== 0) return false;
    let at = 9;
    // Skip the section's size, then read its name's length (both LEB128).
    while (at < bytes.length && (bytes[at] ?? 0) & 0x80) at += 1;
    at += 1;
    let length = 0;
    for (let shift = 0; at < bytes.length; shift += 7) {
      const byte = bytes[at] ?? 0;
      at += 1;
      length |= (byte & 0x7f) << shift;
      if (!(byte & 0x80)) break;
    }
    const name = String.fromCharCode(...bytes.subarray(at, at + Math.min(length, 16)));
    return name.startsWith('dylink');
  };
  const check = (source: unknown): void => {
    const bytes = bytesOf(source);
    if (!bytes) throw new Error(refusal);
    if (isSideModule(bytes) && !shipped.has(sha256(bytes))) throw new Error(refusal);
  };

  const wasm = (globalThis as unknown as { WebAssembly: WasmCompiler }).WebAssembly;
  const RealModule = wasm.Module;
  const realCompile = wasm.compile.bind(wasm);
  const realInstantiate = wasm.instantiate.bind(wasm);
  function GuardedModule(this: unknown, source: ArrayBuffer | ArrayBufferView) {
    check(source);
    return new RealModule(source);
  }
  GuardedModule.prototype = RealModule.prototype;
  Object.assign(GuardedModule, {
    customSections: RealModule.customSections.bind(RealModule),
    exports: RealModule.exports.bind(RealModule),
    imports: RealModule.imports.bind(RealModule),
  });
  const refuse = () => Promise.reject(new Error(refusal));
  Object.assign(wasm, {
    Module: GuardedModule,
    compile: (source: ArrayBuffer | ArrayBufferView) => {
      check(source);
      return realCompile(source);
    },
    instantiate: (source: unknown, imports?: object) => {
      // A compiled module passed this guard, or came compiled from the server's thread.
      if (!(source instanceof RealModule)) check(source);
      return realInstantiate(source, imports);
    },
    compileStreaming: refuse,
    instantiateStreaming: refuse,
  });

  class GuardedFileSystem extends FileSystem {
    override async initialSyncFs(): Promise<void> {
      await super.initialSyncFs();
      const { pg } = this as unknown as { pg: { Module: { FS: EmscriptenFs } } };
      const fs = pg.Module.FS;
      for (const name of fs.readdir(folder)) {
        if (name.endsWith('.so')) {
          shipped.add(sha256(fs.readFile(`${folder}/${name}`, { encoding: 'binary' })));
        }
      }
    }
  }
  return GuardedFileSystem;
}
