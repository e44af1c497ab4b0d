import path from 'node:path';
import { transform, type TransformFailure } from 'esbuild';
import type { RunFile } from './types';

const TYPESCRIPT_FILE = /\.(?:ts|mts|cts|tsx)$/i;

/** A project's TypeScript did not compile; the message is shown to the user as the run's error. */
export class TranspileError extends Error {}

/**
 * Compiles every TypeScript file of a run to CommonJS in place (types stripped, nothing
 * checked), with inline source maps so stack traces point at the user's lines. Files keep their
 * names: the runner (TS_RUNNER_SOURCE) teaches Node's require to load them.
 */
export async function transpileTypeScript(files: RunFile[]): Promise<RunFile[]> {
  return Promise.all(
    files.map(async (file) => {
      if (!TYPESCRIPT_FILE.test(file.path)) return file;
      const source =
        typeof file.content === 'string' ? file.content : file.content.toString('utf8');
      try {
        const result = await transform(source, {
          loader: file.path.toLowerCase().endsWith('x') ? 'tsx' : 'ts',
          format: 'cjs',
          target: 'node20',
          platform: 'node',
          sourcemap: 'inline',
          sourcefile: path.posix.basename(file.path),
        });
        return { path: file.path, content: result.code };
      } catch (error) {
        throw new TranspileError(describeFailure(file.path, error));
      }
    }),
  );
}

function describeFailure(filePath: string, error: unknown): string {
  const failure = error as Partial<TransformFailure>;
  if (!Array.isArray(failure.errors)) return `${filePath}: ${String(error)}`;
  return failure.errors
    .map((message) => {
      const where = message.location
        ? `${filePath}:${message.location.line}:${message.location.column + 1}`
        : filePath;
      return `${where}: error: ${message.text}`;
    })
    .join('\n');
}

/**
 * Runs a TypeScript entry under Node: `.ts` files load as the CommonJS they were compiled to,
 * `./x.js` falls back to `./x.ts` (the ESM spelling TypeScript asks for), and the entry becomes
 * `require.main` as it would with `node entry.js`.
 */
export const TS_RUNNER_SOURCE = `'use strict';
const Module = require('node:module');
const path = require('node:path');
const loadJs = Module._extensions['.js'];
for (const extension of ['.ts', '.mts', '.cts', '.tsx']) Module._extensions[extension] = loadJs;
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  try {
    return resolve.call(this, request, parent, ...rest);
  } catch (error) {
    const match = /^(\\.{1,2}\\/.*)\\.(c|m)?js$/.exec(request);
    if (!match) throw error;
    return resolve.call(this, match[1] + '.' + (match[2] || '') + 'ts', parent, ...rest);
  }
};
const filename = path.resolve(process.argv[2]);
process.argv.splice(1, 2, filename);
const main = new Module(filename, null);
main.id = '.';
main.filename = filename;
main.paths = Module._nodeModulePaths(path.dirname(filename));
process.mainModule = main;
Module._cache[filename] = main;
main.load(filename);
`;
