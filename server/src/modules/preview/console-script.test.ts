import { PreviewConsoleMessageSchema, type PreviewConsoleMessage } from '@kiln/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  CONSOLE_LIMITS,
  CONSOLE_SCRIPT,
  CONSOLE_SCRIPT_PATH,
  injectConsoleScript,
} from './console-script';

const TAG = `<script src="${CONSOLE_SCRIPT_PATH}"></script>`;

describe('injectConsoleScript', () => {
  it('goes right after <head>, attributes and all', () => {
    expect(
      injectConsoleScript('<!doctype html><html><HEAD data-x="1"><title>t</title></HEAD>'),
    ).toBe(`<!doctype html><html><HEAD data-x="1">${TAG}<title>t</title></HEAD>`);
  });

  it('without <head>, goes after <html>, else after the doctype, never before it', () => {
    expect(injectConsoleScript('<html lang="en"><body>x</body></html>')).toBe(
      `<html lang="en">${TAG}<body>x</body></html>`,
    );
    expect(injectConsoleScript('<!DOCTYPE html>\n<p>x</p>')).toBe(
      `<!DOCTYPE html>${TAG}\n<p>x</p>`,
    );
    expect(injectConsoleScript('<p>x</p>')).toBe(`${TAG}<p>x</p>`);
  });

  it('does not mistake <header> for <head>', () => {
    expect(injectConsoleScript('<header>x</header>')).toBe(`${TAG}<header>x</header>`);
  });
});

/** Runs the browser script against a stand-in window, as a framed page would load it. */
function load(options: { framed: boolean }) {
  const posted: PreviewConsoleMessage[] = [];
  const listeners = new Map<string, (event: unknown) => void>();
  const original = { log: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
  const fakeConsole = { ...original };
  const parent = {
    postMessage: (message: unknown, targetOrigin: string) => {
      expect(targetOrigin).toBe('*');
      posted.push(PreviewConsoleMessageSchema.parse(message));
    },
  };
  const fakeWindow: Record<string, unknown> = {
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      listeners.set(type, listener),
  };
  fakeWindow.parent = options.framed ? parent : fakeWindow;
  // The script is our own constant, evaluated as the browser would; no user code runs here.
  new Function('window', 'console', CONSOLE_SCRIPT)(fakeWindow, fakeConsole);
  return { posted, listeners, console: fakeConsole, original };
}

describe('the console script', () => {
  it('forwards every level with its arguments, and still logs to the real console', () => {
    const page = load({ framed: true });
    page.console.log('hello', 42, { a: [1, 'two'], b: null });
    page.console.warn('careful');
    page.console.error(undefined);
    page.console.info(true);
    page.console.debug(10n);
    expect(page.posted.map(({ level, args }) => ({ level, args }))).toEqual([
      { level: 'log', args: ['hello', '42', '{a: [1, "two"], b: null}'] },
      { level: 'warn', args: ['careful'] },
      { level: 'error', args: ['undefined'] },
      { level: 'info', args: ['true'] },
      { level: 'debug', args: ['10n'] },
    ]);
    expect(page.original.log).toHaveBeenCalledWith('hello', 42, { a: [1, 'two'], b: null });
    expect(page.posted[0]!.source).toBe('kiln-preview');
    expect(Math.abs(page.posted[0]!.timestamp - Date.now())).toBeLessThan(5000);
  });

  it('stringifies cycles, deep nesting, long values and many keys within its caps', () => {
    const page = load({ framed: true });
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const deep = { a: { b: { c: { d: { e: { f: 1 } } } } } };
    const many = Array.from({ length: CONSOLE_LIMITS.keys + 10 }, (_, index) => index);
    const throwing = Object.defineProperty({}, 'boom', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    page.console.log(cyclic, deep, many, 'x'.repeat(CONSOLE_LIMITS.length * 2), throwing);
    const [loop, nested, list, long, unreadable] = page.posted[0]!.args;
    expect(loop).toBe('{name: "loop", self: [Circular]}');
    expect(nested).toBe('{a: {b: {c: {d: [Object]}}}}');
    expect(list).toMatch(/, 49, …10 more\]$/);
    expect(long!.length).toBe(CONSOLE_LIMITS.length + 1);
    expect(unreadable).toBe('{boom: "[Unreadable]"}');
  });

  it('forwards uncaught errors and unhandled rejections', () => {
    const page = load({ framed: true });
    const error = new TypeError('x is not a function');
    page.listeners.get('error')!({ error, message: error.message });
    page.listeners.get('error')!({
      message: 'Script error.',
      filename: 'a.js',
      lineno: 3,
      colno: 7,
    });
    page.listeners.get('unhandledrejection')!({ reason: { code: 42 } });
    expect(page.posted.map((message) => message.level)).toEqual(['error', 'error', 'error']);
    expect(page.posted[0]!.args[0]).toMatch(/^TypeError: x is not a function/);
    expect(page.posted[1]!.args).toEqual(['Script error. (a.js:3:7)']);
    expect(page.posted[2]!.args).toEqual(['Unhandled promise rejection: {code: 42}']);
  });

  it('does nothing when the page is opened on its own, outside the editor', () => {
    const page = load({ framed: false });
    page.console.log('alone');
    expect(page.console.log).toBe(page.original.log);
    expect(page.listeners.size).toBe(0);
    expect(page.posted).toEqual([]);
  });
});
