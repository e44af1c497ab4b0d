import path from 'node:path';
import type { SessionBridge } from './types';

/** The launcher's file name, in the support folder mounted at /kiln (runs and sessions alike). */
export const BRIDGE_LAUNCHER = 'launcher.cjs';

/**
 * Plain CommonJS for the programs that start a command inside the sandbox (the launcher below,
 * the app forwarder), needing `net` and `spawn` in scope:
 * - `openBridgePorts(bridges, then)` opens each bridge's port on the sandbox's loopback,
 *   forwarding every connection to its Unix socket (Kiln on the host), and calls `then` once
 *   all of them listen;
 * - `runCommand(command)` starts the command, passes it the signals the program gets, and
 *   leaves with its status.
 */
export const LAUNCH_SOURCE = `function openBridgePorts(bridges, then) {
  if (bridges.length === 0) return then();
  let listening = 0;
  for (const bridge of bridges) {
    const server = net.createServer((inside) => {
      const outside = net.connect(bridge.socket);
      inside.pipe(outside).pipe(inside);
      const close = () => { inside.destroy(); outside.destroy(); };
      inside.on('error', close);
      outside.on('error', close);
    });
    server.listen(bridge.port, '127.0.0.1', () => {
      listening += 1;
      if (listening === bridges.length) then();
    });
  }
}
function runCommand(command) {
  const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('error', (error) => {
    process.stderr.write('kiln: ' + error.message + '\\n');
    process.exit(127);
  });
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (require('node:os').constants.signals[signal] ?? 1)));
  return child;
}
`;

/**
 * Opens the bridges' ports, then runs the command and leaves with its status. Runs inside the
 * sandbox as plain CommonJS, so it needs nothing but Node.
 */
export const BRIDGE_LAUNCHER_SOURCE = `'use strict';
const net = require('node:net');
const { spawn } = require('node:child_process');
const bridges = JSON.parse(process.argv[2]);
const command = process.argv.slice(4);
${LAUNCH_SOURCE}
openBridgePorts(bridges, () => runCommand(command));
`;

/** bwrap arguments mounting each bridge's socket inside the sandbox. */
export function bridgeMountArgs(bridges: SessionBridge[]): string[] {
  return bridges.flatMap((bridge, index) => ['--bind', bridge.socket, bridgeSocketPath(index)]);
}

/**
 * What goes before the command: without bridges nothing, so the program starts directly; with
 * them, the launcher opens the ports first, then starts it, so the first request never finds
 * the port closed.
 */
export function bridgeLauncherCommand(options: {
  nodePath: string;
  /** Where the support folder holding the launcher is mounted inside the sandbox. */
  supportFolder: string;
  bridges: SessionBridge[];
}): string[] {
  if (options.bridges.length === 0) return [];
  return [
    options.nodePath,
    '--max-old-space-size=64',
    `${options.supportFolder}/${BRIDGE_LAUNCHER}`,
    JSON.stringify(bridgePorts(options.bridges)),
    '--',
  ];
}

/**
 * What `openBridgePorts` (in `LAUNCH_SOURCE`) is given: each bridge's port, and where its
 * socket is mounted.
 */
export function bridgePorts(bridges: SessionBridge[]): Array<{ port: number; socket: string }> {
  return bridges.map((bridge, index) => ({ port: bridge.port, socket: bridgeSocketPath(index) }));
}

/** Where the n-th bridge's socket is mounted inside the sandbox. */
function bridgeSocketPath(index: number): string {
  return path.posix.join('/kiln-net', `bridge-${index}.sock`);
}
