import { PREVIEW_CONSOLE_LEVELS, PREVIEW_MESSAGE_SOURCE } from '@kiln/shared';

/** Served by the preview server and loaded first by every HTML page it serves. */
export const CONSOLE_SCRIPT_PATH = '/__kiln/console.js';

/** Caps so one huge or deeply nested value cannot flood the editor's console. */
export const CONSOLE_LIMITS = { depth: 4, keys: 50, length: 10_000 } as const;

/**
 * The preview's developer-tools console: forwards console calls, uncaught errors and
 * unhandled rejections to the editor with `parent.postMessage`. It is plain ES2017 for any
 * browser, served as a file rather than inlined so the page's own CSP and markup stay as written.
 * Opened outside a frame it does nothing.
 */
export const CONSOLE_SCRIPT = `(function () {
  'use strict';
  if (window.parent === window) return;
  var SOURCE = ${JSON.stringify(PREVIEW_MESSAGE_SOURCE)};
  var LEVELS = ${JSON.stringify(PREVIEW_CONSOLE_LEVELS)};
  var MAX_DEPTH = ${CONSOLE_LIMITS.depth};
  var MAX_KEYS = ${CONSOLE_LIMITS.keys};
  var MAX_LENGTH = ${CONSOLE_LIMITS.length};

  function errorText(error) {
    var head = String(error.name || 'Error') + ': ' + String(error.message);
    var stack = typeof error.stack === 'string' ? error.stack : '';
    return stack.indexOf(head) === 0 ? stack : stack ? head + '\\n' + stack : head;
  }

  // Writes a readable form of value into out, stopping once budget.left characters are spent.
  function write(value, depth, seen, out, budget) {
    function put(text) {
      if (budget.left <= 0) return;
      if (text.length > budget.left) text = text.slice(0, budget.left) + '\\u2026';
      budget.left -= text.length;
      out.push(text);
    }
    var type = typeof value;
    if (value === null || value === undefined || type === 'number' || type === 'boolean') {
      return put(String(value));
    }
    if (type === 'string') return put(depth === 0 ? value : JSON.stringify(value));
    if (type === 'bigint') return put(String(value) + 'n');
    if (type === 'symbol') return put(value.toString());
    if (type === 'function') return put('[Function' + (value.name ? ': ' + value.name : '') + ']');
    if (value instanceof Error) return put(errorText(value));
    if (typeof Node !== 'undefined' && value instanceof Node) {
      return put('<' + String(value.nodeName).toLowerCase() + '>');
    }
    if (seen.indexOf(value) !== -1) return put('[Circular]');
    var isArray = Array.isArray(value);
    if (depth >= MAX_DEPTH) return put(isArray ? '[Array]' : '[Object]');
    seen.push(value);
    var keys;
    try {
      keys = isArray ? null : Object.keys(value);
    } catch (error) {
      keys = [];
    }
    var total = isArray ? value.length : keys.length;
    put(isArray ? '[' : '{');
    for (var index = 0; index < total && index < MAX_KEYS && budget.left > 0; index += 1) {
      if (index > 0) put(', ');
      if (!isArray) put(keys[index] + ': ');
      var item;
      try {
        item = isArray ? value[index] : value[keys[index]];
      } catch (error) {
        item = '[Unreadable]';
      }
      write(item, depth + 1, seen, out, budget);
    }
    if (total > MAX_KEYS) put(', \\u2026' + (total - MAX_KEYS) + ' more');
    put(isArray ? ']' : '}');
    seen.pop();
  }

  function stringify(value) {
    var out = [];
    try {
      write(value, 0, [], out, { left: MAX_LENGTH });
    } catch (error) {
      return '[Unserializable]';
    }
    return out.join('');
  }

  function send(level, args) {
    var texts = [];
    for (var index = 0; index < args.length; index += 1) texts.push(stringify(args[index]));
    try {
      window.parent.postMessage(
        { source: SOURCE, level: level, args: texts, timestamp: Date.now() },
        '*'
      );
    } catch (error) {
      // The editor is gone or refuses the message; the page must not notice.
    }
  }

  LEVELS.forEach(function (level) {
    var original = console[level];
    console[level] = function () {
      send(level, arguments);
      if (typeof original === 'function') return original.apply(console, arguments);
    };
  });

  window.addEventListener('error', function (event) {
    if (event.error instanceof Error) return send('error', [event.error]);
    var where = event.filename ? ' (' + event.filename + ':' + event.lineno + ':' + event.colno + ')' : '';
    send('error', [String(event.message || 'Script error') + where]);
  });
  window.addEventListener('unhandledrejection', function (event) {
    send('error', ['Unhandled promise rejection: ' + stringify(event.reason)]);
  });
})();
`;

const CONSOLE_TAG = `<script src="${CONSOLE_SCRIPT_PATH}"></script>`;

/**
 * Puts the console script first in the document, so it is in place before the page's own
 * scripts run: right after `<head>`; without one, after `<html>` or the doctype (never before
 * the doctype, which would switch the page to quirks mode); else at the very start.
 */
export function injectConsoleScript(html: string, extraTags = ''): string {
  const tags = `${CONSOLE_TAG}${extraTags}`;
  for (const pattern of [/<head(?:\s[^>]*)?>/i, /<html(?:\s[^>]*)?>/i, /<!doctype[^>]*>/i]) {
    const match = pattern.exec(html);
    if (match) {
      const end = match.index + match[0].length;
      return `${html.slice(0, end)}${tags}${html.slice(end)}`;
    }
  }
  return `${tags}${html}`;
}
