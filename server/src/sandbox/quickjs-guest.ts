/**
 * The Node-like surface a QuickJS run sees (console, process, timers, CommonJS require),
 * evaluated in the guest before the user's code. It talks to the worker only through the
 * functions the worker (quickjs-worker.ts) installs: __kiln_write, __kiln_resolve and
 * __kiln_compile.
 */
export const QUICKJS_GUEST_PRELUDE = String.raw`(function (env, entry) {
  'use strict';
  const write = globalThis.__kiln_write;
  const resolveModule = globalThis.__kiln_resolve;
  const compile = globalThis.__kiln_compile;
  delete globalThis.__kiln_write;
  delete globalThis.__kiln_resolve;
  delete globalThis.__kiln_compile;

  function inspect(value, depth, seen) {
    if (typeof value === 'string') {
      return depth === 0 ? value : "'" + value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n') + "'";
    }
    if (typeof value === 'function') return '[Function: ' + (value.name || 'anonymous') + ']';
    if (typeof value === 'bigint') return value + 'n';
    if (typeof value === 'symbol') return value.toString();
    if (value === null || typeof value !== 'object') return String(value);
    if (value instanceof Error) return value.name + ': ' + value.message + (value.stack ? '\n' + userStack(value.stack) : '');
    if (seen.indexOf(value) !== -1) return '[Circular]';
    if (depth > 2) return Array.isArray(value) ? '[Array]' : '[Object]';
    const next = seen.concat([value]);
    if (Array.isArray(value)) {
      return '[ ' + value.map(function (item) { return inspect(item, depth + 1, next); }).join(', ') + ' ]';
    }
    if (value instanceof Map) {
      return 'Map(' + value.size + ') { ' + Array.from(value).map(function (pair) {
        return inspect(pair[0], depth + 1, next) + ' => ' + inspect(pair[1], depth + 1, next);
      }).join(', ') + ' }';
    }
    if (value instanceof Set) {
      return 'Set(' + value.size + ') { ' + Array.from(value).map(function (item) { return inspect(item, depth + 1, next); }).join(', ') + ' }';
    }
    const keys = Object.keys(value);
    if (keys.length === 0) return '{}';
    return '{ ' + keys.map(function (key) {
      const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
      return name + ': ' + inspect(value[key], depth + 1, next);
    }).join(', ') + ' }';
  }
  function formatArgs(args) {
    return Array.prototype.map.call(args, function (arg) { return inspect(arg, 0, []); }).join(' ') + '\n';
  }
  function logger(stream) {
    return function () { write(stream, formatArgs(arguments)); };
  }
  globalThis.console = {
    log: logger(1), info: logger(1), debug: logger(1), trace: logger(2), warn: logger(2), error: logger(2),
    dir: function (value) { write(1, inspect(value, 1, []) + '\n'); },
    table: function (value) { write(1, inspect(value, 1, []) + '\n'); },
  };

  const exitSignal = {};
  globalThis.process = {
    env: env,
    argv: ['node', '/home/kiln/project/' + entry],
    platform: 'linux',
    version: 'v20.0.0',
    versions: { quickjs: '1' },
    exitCode: undefined,
    cwd: function () { return '/home/kiln/project'; },
    exit: function (code) {
      exitSignal.code = code === undefined ? globalThis.process.exitCode : code;
      throw exitSignal;
    },
    nextTick: function (callback) {
      const args = Array.prototype.slice.call(arguments, 1);
      Promise.resolve().then(function () { callback.apply(null, args); });
    },
    hrtime: { bigint: function () { return BigInt(Math.round(performance.now() * 1e6)); } },
    stdout: { write: function (text) { write(1, String(text)); return true; } },
    stderr: { write: function (text) { write(2, String(text)); return true; } },
  };

  const timers = new Map();
  let nextTimerId = 1;
  function addTimer(callback, delay, args, repeat) {
    const id = nextTimerId++;
    const ms = Math.max(0, Number(delay) || 0);
    timers.set(id, { callback: callback, args: args, at: Date.now() + ms, every: repeat ? Math.max(1, ms) : 0 });
    return id;
  }
  globalThis.setTimeout = function (callback, delay) { return addTimer(callback, delay, Array.prototype.slice.call(arguments, 2), false); };
  globalThis.setInterval = function (callback, delay) { return addTimer(callback, delay, Array.prototype.slice.call(arguments, 2), true); };
  globalThis.setImmediate = function (callback) { return addTimer(callback, 0, Array.prototype.slice.call(arguments, 1), false); };
  globalThis.clearTimeout = globalThis.clearInterval = globalThis.clearImmediate = function (id) { timers.delete(id); };

  const cache = Object.create(null);
  function makeRequire(from) {
    return function require(request) {
      const path = resolveModule(from, String(request));
      if (cache[path]) return cache[path].exports;
      const module = { id: path, filename: path, loaded: false, exports: {} };
      cache[path] = module;
      const dir = path.slice(0, path.lastIndexOf('/')) || '/';
      const factory = compile(path);
      factory.call(module.exports, module.exports, makeRequire(path), module, path, dir);
      module.loaded = true;
      return module.exports;
    };
  }

  /** The user's frames only: the prelude's own are Kiln's, not theirs. */
  function userStack(stack) {
    return String(stack || '').split('\n').filter(function (line) {
      return line.trim() && line.indexOf('kiln-prelude.js') === -1 && line.indexOf('(native)') === -1;
    }).join('\n');
  }
  function report(error) {
    if (error === exitSignal) return exitSignal.code === undefined ? 0 : Number(exitSignal.code) || 0;
    const stack = error instanceof Error ? userStack(error.stack) : '';
    const text = error instanceof Error
      ? error.name + ': ' + error.message + (stack ? '\n' + stack : '')
      : 'Uncaught ' + inspect(error, 1, []);
    write(2, text.replace(/\n?$/, '\n'));
    return 1;
  }

  /** Runs the earliest timer, or answers when the next one is due (-1: none left). */
  globalThis.__kiln_tick = function () {
    let first = null;
    timers.forEach(function (timer, id) { if (!first || timer.at < first.timer.at) first = { id: id, timer: timer }; });
    if (!first) return -1;
    const wait = first.timer.at - Date.now();
    if (wait > 0) return wait;
    if (first.timer.every) first.timer.at += first.timer.every;
    else timers.delete(first.id);
    try { first.timer.callback.apply(null, first.timer.args); } catch (error) { return -2 - report(error); }
    return 0;
  };
  globalThis.__kiln_report = report;
  globalThis.__kiln_exitCode = function () { return Number(globalThis.process.exitCode) || 0; };

  try {
    makeRequire('/home/kiln/project/')('./' + entry);
    return -1;
  } catch (error) {
    return report(error);
  }
})`;
