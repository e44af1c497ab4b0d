import { builtinModules, createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { EXEC_LIMITS, type RunLimitHit } from '@kiln/shared';
import { transform } from 'esbuild';
import { OutputBuffer } from './output-buffer';
import { compileFailure, describeRun, looksOutOfMemory, OUTPUT_FLOOD_BYTES } from './outcome';
import { QUICKJS_WORKER_SOURCE } from './quickjs-worker';
import { runEnvironment, SANDBOX_PROJECT } from './run-environment';
import { TranspileError, transpileTypeScript } from './typescript';
import type { RunFile, RunOutcome, RunRequest, Sandbox } from './types';

type WorkerMessage =
  | { kind: 'output'; stream: 'stdout' | 'stderr'; text: string }
  | { kind: 'done'; exitCode: number | null; timedOut: boolean; reusable: boolean }
  | { kind: 'crash'; message: string };

const requireHere = createRequire(import.meta.url);
const WORKER_DATA = {
  corePath: requireHere.resolve('quickjs-emscripten-core'),
  variantPath: requireHere.resolve('@jitl/quickjs-wasmfile-release-sync'),
  builtins: builtinModules,
  /** 64 KiB pages: the memory limit and 32 MB for QuickJS itself. */
  maxWasmPages: Math.ceil((EXEC_LIMITS.memoryBytes + 32 * 1024 * 1024) / 65_536),
};
/** QuickJS's own stack; deep recursion ends in a RangeError instead of crashing the worker. */
const STACK_BYTES = 1024 * 1024;
/** The worker's own clock is the limit; this catches a worker that stops answering at all. */
const BACKSTOP_MS = 2_000;
const ESM_SYNTAX = /^\s*(?:import|export)\b/m;
const SCRIPT_FILE = /\.(?:[cm]?js|json|[cm]?ts|tsx)$/i;

/**
 * The fallback backend (decision 0007): JavaScript and TypeScript in QuickJS compiled to
 * WebAssembly, one run per worker thread so a busy loop never blocks the server, with time,
 * memory and stack limits. Modules are CommonJS (ES modules are compiled to it); Node's
 * built-in modules and Python are not available.
 */
export function createQuickJsSandbox(options: { maxIdleWorkers: number }): Sandbox & {
  close(): Promise<void>;
} {
  const idle: Worker[] = [];
  return {
    backend: 'quickjs',
    languages: ['javascript', 'typescript'],
    async run(request) {
      const started = performance.now();
      let files: Record<string, string>;
      try {
        files = await guestFiles(request.files);
      } catch (error) {
        if (!(error instanceof TranspileError)) throw error;
        return compileFailure(error.message, started);
      }
      const worker =
        idle.pop() ?? new Worker(QUICKJS_WORKER_SOURCE, { eval: true, workerData: WORKER_DATA });
      const { outcome, reusable } = await runInWorker(worker, request, files, started);
      if (reusable && idle.length < options.maxIdleWorkers) idle.push(worker);
      else void worker.terminate();
      return outcome;
    },
    async close() {
      await Promise.all(idle.splice(0).map((worker) => worker.terminate()));
    },
  };
}

/** The run's text files under the guest's paths, ES module and TypeScript files compiled to CommonJS. */
async function guestFiles(files: RunFile[]): Promise<Record<string, string>> {
  const scripts = files.filter(
    (file) => typeof file.content === 'string' && SCRIPT_FILE.test(file.path),
  );
  const compiled = await transpileTypeScript(scripts);
  const entries = await Promise.all(
    compiled.map(async (file) => {
      let source = file.content as string;
      if (/\.[cm]?js$/i.test(file.path) && ESM_SYNTAX.test(source)) {
        try {
          source = (await transform(source, { loader: 'js', format: 'cjs', sourcefile: file.path }))
            .code;
        } catch (error) {
          throw new TranspileError(`${file.path}: ${(error as Error).message}`);
        }
      }
      return [`${SANDBOX_PROJECT}/${file.path}`, source] as const;
    }),
  );
  return Object.fromEntries(entries);
}

function runInWorker(
  worker: Worker,
  request: RunRequest,
  files: Record<string, string>,
  started: number,
): Promise<{ outcome: RunOutcome; reusable: boolean }> {
  return new Promise((resolve) => {
    let stoppedFor: RunLimitHit | null = null;
    const finish = (exitCode: number | null, limit: RunLimitHit | null, reusable: boolean) => {
      clearTimeout(backstop);
      worker.off('message', onMessage);
      worker.off('error', onError);
      if (!limit && exitCode !== 0 && looksOutOfMemory(output)) limit = 'memory';
      resolve({
        outcome: describeRun({ output, exitCode, limit, durationMs: performance.now() - started }),
        reusable,
      });
    };
    const stop = (limit: RunLimitHit) => {
      if (stoppedFor) return;
      stoppedFor = limit;
      void worker.terminate();
      finish(null, limit, false);
    };
    const output = new OutputBuffer(EXEC_LIMITS.outputBytes, OUTPUT_FLOOD_BYTES, () =>
      stop('output'),
    );
    const backstop = setTimeout(() => stop('time'), EXEC_LIMITS.wallMs + BACKSTOP_MS);
    const onMessage = (message: WorkerMessage) => {
      if (stoppedFor) return;
      if (message.kind === 'output') output.write(message.stream, message.text);
      else if (message.kind === 'done') {
        finish(message.exitCode, message.timedOut ? 'time' : null, message.reusable);
      } else {
        output.write('stderr', `The JavaScript sandbox failed: ${message.message}\n`);
        finish(1, null, false);
      }
    };
    const onError = (error: Error) => {
      if (stoppedFor) return;
      output.write('stderr', `The JavaScript sandbox failed: ${error.message}\n`);
      finish(1, null, false);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.postMessage({
      files,
      entry: request.entry,
      env: runEnvironment(request.env),
      limits: {
        wallMs: EXEC_LIMITS.wallMs,
        memoryBytes: EXEC_LIMITS.memoryBytes,
        stackBytes: STACK_BYTES,
      },
    });
  });
}
