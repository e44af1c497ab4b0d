/** Served by the preview server and loaded by every HTML page of a running dev server. */
export const DEV_SOCKET_SCRIPT_PATH = '/__kiln/dev-socket.js';
export const DEV_SOCKET_TAG = `<script src="${DEV_SOCKET_SCRIPT_PATH}"></script>`;

/**
 * A dev server's page lives under its preview link (`/p/<token>/`), but its scripts open
 * WebSockets at paths of their own (Vite's hot reload connects to `/`), which would miss the
 * link and so the app. This puts the link's prefix in front of any WebSocket address on the
 * preview's own origin that lacks it. Plain ES5, run before the page's scripts.
 */
export const DEV_SOCKET_SCRIPT = `(function () {
  'use strict';
  var match = /^\\/p\\/[^\\/]+\\//.exec(location.pathname);
  if (!match || !window.WebSocket) return;
  var prefix = match[0].slice(0, -1);
  var Native = window.WebSocket;
  function KilnWebSocket(url, protocols) {
    var target = new URL(url, location.href);
    if (target.host === location.host && target.pathname.indexOf(prefix + '/') !== 0) {
      target.pathname = prefix + target.pathname;
    }
    return protocols === undefined ? new Native(target.href) : new Native(target.href, protocols);
  }
  KilnWebSocket.prototype = Native.prototype;
  ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED'].forEach(function (name) {
    KilnWebSocket[name] = Native[name];
  });
  window.WebSocket = KilnWebSocket;
})();
`;
