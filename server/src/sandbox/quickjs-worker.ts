import { QUICKJS_GUEST_PRELUDE } from './quickjs-guest';

/*
 * A worker thread that runs JavaScript in QuickJS compiled to WebAssembly: the fallback where
 * bubblewrap is missing (decision 0007). The user's code only sees what the guest prelude gives
 * it; the interrupt handler enforces the time limit and the runtime the memory and stack
 * limits. The server ships as one bundled file, so the worker is started from source text.
 */
export const QUICKJS_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const core = require(workerData.corePath);
const variantModule = require(workerData.variantPath);
const PRELUDE = ${JSON.stringify(QUICKJS_GUEST_PRELUDE)};
const ROOT = '/home/kiln/project/';
const EXTENSIONS = ['', '.js', '.cjs', '.mjs', '.ts', '.cts', '.mts', '.json'];
const sleeper = new Int32Array(new SharedArrayBuffer(4));
let quickjs;

function normalize(path) {
  const parts = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return '/' + parts.join('/');
}

function resolveIn(files, from, request) {
  if (request.startsWith('node:') || workerData.builtins.includes(request)) {
    throw new Error("Cannot use '" + request + "': Node's built-in modules are not available, because this server runs JavaScript in QuickJS (bubblewrap is not installed)");
  }
  const fromDir = from.endsWith('/') ? from : from.slice(0, from.lastIndexOf('/') + 1);
  let bases;
  if (request.startsWith('./') || request.startsWith('../') || request.startsWith('/')) {
    bases = [normalize(request.startsWith('/') ? request : fromDir + request)];
    const js = /^(.*)\.(c|m)?js$/.exec(bases[0]);
    if (js) bases.push(js[1] + '.' + (js[2] || '') + 'ts');
  } else {
    bases = [];
    for (let dir = fromDir; dir.startsWith(ROOT); dir = dir.slice(0, dir.slice(0, -1).lastIndexOf('/') + 1)) {
      const packageDir = dir + 'node_modules/' + request;
      const manifest = files.get(packageDir + '/package.json');
      let main = 'index.js';
      try { if (manifest) main = JSON.parse(manifest).main || main; } catch {}
      bases.push(normalize(packageDir + '/' + main), normalize(packageDir));
    }
  }
  for (const base of bases) {
    for (const candidate of EXTENSIONS.map((extension) => base + extension).concat([base + '/index.js', base + '/index.ts'])) {
      if (files.has(candidate)) return candidate;
    }
  }
  throw new Error("Cannot find module '" + request + "' from '" + from.slice(ROOT.length - 1) + "'");
}

function sleep(ms) {
  if (ms > 0) Atomics.wait(sleeper, 0, 0, ms);
}

function run(task) {
  const files = new Map(Object.entries(task.files));
  const deadline = Date.now() + task.limits.wallMs;
  let timedOut = false;
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(task.limits.memoryBytes);
  runtime.setMaxStackSize(task.limits.stackBytes);
  runtime.setInterruptHandler(() => {
    timedOut = timedOut || Date.now() > deadline;
    return timedOut;
  });
  const context = runtime.newContext();
  const out = (stream, text) => parentPort.postMessage({ kind: 'output', stream: stream === 2 ? 'stderr' : 'stdout', text });
  const fail = (message) => ({ error: context.newError(message) });

  const install = (name, implementation) => {
    const handle = context.newFunction(name, implementation);
    context.setProp(context.global, name, handle);
    handle.dispose();
  };
  install('__kiln_write', (stream, text) => {
    out(context.getNumber(stream), context.getString(text));
  });
  install('__kiln_resolve', (from, request) => {
    try {
      return context.newString(resolveIn(files, context.getString(from), context.getString(request)));
    } catch (error) {
      return fail(error.message);
    }
  });
  install('__kiln_compile', (path) => {
    const name = context.getString(path);
    const source = files.get(name);
    const wrapped = name.endsWith('.json')
      ? '(function (exports, require, module) { module.exports = ' + source + '\n})'
      : '(function (exports, require, module, __filename, __dirname) {' + source + '\n})';
    const result = context.evalCode(wrapped, name);
    return result.error ? { error: result.error } : result.value;
  });

  let exitCode = null;
  const numberOf = (result) => {
    if (result.error) {
      const error = context.dump(result.error);
      result.error.dispose();
      if (!timedOut) out(2, (error && error.message ? error.name + ': ' + error.message : String(error)) + '\n');
      return 1;
    }
    const value = context.getNumber(result.value);
    result.value.dispose();
    return value;
  };
  const call = (name) => {
    const fn = context.getProp(context.global, name);
    const result = context.callFunction(fn, context.undefined);
    fn.dispose();
    return numberOf(result);
  };

  const start = numberOf(context.evalCode('(' + PRELUDE + ')(' + JSON.stringify(task.env) + ', ' + JSON.stringify(task.entry) + ')', 'kiln-prelude.js'));
  if (start >= 0) exitCode = start;
  while (exitCode === null && !timedOut) {
    const jobs = runtime.executePendingJobs();
    if (jobs.error) {
      const reportFn = context.getProp(context.global, '__kiln_report');
      const reported = context.callFunction(reportFn, context.undefined, jobs.error);
      reportFn.dispose();
      jobs.error.dispose();
      exitCode = numberOf(reported);
      break;
    }
    if (runtime.hasPendingJob()) continue;
    const tick = call('__kiln_tick');
    if (tick === -1) exitCode = call('__kiln_exitCode');
    else if (tick <= -2) exitCode = -2 - tick;
    else if (tick > 0) {
      sleep(Math.min(tick, deadline - Date.now() + 1));
      if (Date.now() > deadline) timedOut = true;
    }
  }
  try {
    context.dispose();
    runtime.dispose();
  } catch {
    // A leaked handle: this worker is not reused.
    return { exitCode: timedOut ? null : exitCode, timedOut, reusable: false };
  }
  return { exitCode: timedOut ? null : exitCode, timedOut, reusable: true };
}

parentPort.on('message', async (task) => {
  try {
    if (!quickjs) {
      // The runtime's memory limit misses some allocations; a WebAssembly memory that cannot
      // grow past the limit (plus QuickJS's own few megabytes) misses none.
      const wasmMemory = new WebAssembly.Memory({ initial: 256, maximum: workerData.maxWasmPages });
      const variant = core.newVariant(variantModule.default || variantModule, { wasmMemory });
      quickjs = await core.newQuickJSWASMModuleFromVariant(variant);
    }
    parentPort.postMessage({ kind: 'done', ...run(task) });
  } catch (error) {
    parentPort.postMessage({ kind: 'crash', message: error && error.message ? error.message : String(error) });
  }
});
`;
