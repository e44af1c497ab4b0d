import { randomBytes } from 'node:crypto';
import { chmod, chown, lstat, mkdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sandboxUser } from '../../sandbox/create-sandbox';
import { SANDBOX_PROJECT } from '../../sandbox/run-environment';
import type { SessionBridge } from '../../sandbox/types';
import type { RegistryProblem } from './registry-proxy/problems';
import type { RegistryProxy } from './registry-proxy/registry-proxy';

/** The port programs in a sandbox reach the registry proxy on: `127.0.0.1:4873`. */
export const REGISTRY_PROXY_PORT = 4873;
export const REGISTRY_PROXY_ORIGIN = `http://127.0.0.1:${REGISTRY_PROXY_PORT}`;
/** npm's cache, in the project's workspace. */
export const NPM_CACHE_FOLDER = '.npm';

export interface RegistryBridgeOptions {
  projectId: string;
  proxy: RegistryProxy;
  /** Whether npm runs install scripts: the project's setting (they run in the sandbox). */
  allowScripts: boolean;
}

export interface RegistryBridge {
  /** For `SessionRequest.bridges`. */
  bridge: SessionBridge;
  /** What a sandboxed shell or installer needs to use the proxy; add it after the project's own. */
  env: Record<string, string>;
  /** What went wrong with the registries so far, for a message a person understands. */
  problems(): RegistryProblem[];
  close(): Promise<void>;
}

/**
 * Serves the registry proxy on a Unix socket of its own for one session (decision 0016). Only the
 * sandbox's user may connect; the socket sits in a folder only its owner can list.
 */
export async function createRegistryBridge(
  options: RegistryBridgeOptions,
): Promise<RegistryBridge> {
  const folder = await bridgeFolder();
  const socket = path.join(
    folder,
    `registry-${options.projectId.slice(0, 8)}-${randomBytes(8).toString('hex')}.sock`,
  );
  const { handle, problems } = options.proxy.forBridge(REGISTRY_PROXY_ORIGIN);
  const server = createServer(handle);
  // An installer keeps connections open between requests; a session's end closes them.
  const connections = new Set<Socket>();
  server.on('connection', (connection) => {
    connections.add(connection);
    connection.on('close', () => connections.delete(connection));
  });
  await listen(server, socket);
  try {
    // Only the sandbox's user (nobody, for a root server) may connect.
    const owner = sandboxUser();
    if (owner) await chown(socket, owner.uid, owner.gid);
    await chmod(socket, 0o600);
  } catch (error) {
    server.close();
    await rm(socket, { force: true });
    throw error;
  }
  let closed: Promise<void> | null = null;
  return {
    bridge: { port: REGISTRY_PROXY_PORT, socket },
    env: registryEnvironment(options),
    problems,
    close() {
      closed ??= (async () => {
        const done = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const connection of connections) connection.destroy();
        await done;
        await rm(socket, { force: true });
      })();
      return closed;
    },
  };
}

/**
 * The folder every bridge's socket is made in. It sits in the shared temporary folder, so it
 * must be Kiln's own: anyone else's (made there first, or a link) could swap a socket.
 */
async function bridgeFolder(): Promise<string> {
  const folder = path.join(os.tmpdir(), 'kiln-bridges');
  await mkdir(folder, { recursive: true, mode: 0o711 });
  const stats = await lstat(folder);
  if (!stats.isDirectory() || stats.uid !== process.getuid?.()) {
    throw new Error(`${folder} is not a folder of Kiln's own: remove it and start again`);
  }
  if ((stats.mode & 0o777) !== 0o711) await chmod(folder, 0o711);
  return folder;
}

function listen(server: Server, socket: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * npm and pip configured for the proxy by environment, which both read before any file of the
 * project (`.npmrc`, `pip.conf`) can say otherwise.
 */
function registryEnvironment(options: RegistryBridgeOptions): Record<string, string> {
  const npmUpstream = new URL(options.proxy.upstreams.npm);
  return {
    npm_config_registry: `${REGISTRY_PROXY_ORIGIN}/npm/`,
    // A lockfile written outside Kiln (or made portable by Kiln) names the registry itself;
    // npm swaps that prefix for the proxy's.
    npm_config_replace_registry_host:
      npmUpstream.pathname === '/' ? npmUpstream.hostname : npmUpstream.href,
    // In the workspace, where it outlives the session (the sync leaves `.npm` on disk only): a
    // project's second install reads its tarballs from there, as npm does on a developer's
    // machine. The installs measure and bound it.
    npm_config_cache: `${SANDBOX_PROJECT}/${NPM_CACHE_FOLDER}`,
    npm_config_ignore_scripts: options.allowScripts ? 'false' : 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    // The proxy has its own timeouts; npm's default retries would wait minutes on a dead registry.
    npm_config_fetch_retries: '1',
    npm_config_fetch_retry_mintimeout: '1000',
    npm_config_fetch_retry_maxtimeout: '5000',
    NO_UPDATE_NOTIFIER: '1',
    PIP_INDEX_URL: `${REGISTRY_PROXY_ORIGIN}/pypi/`,
    PIP_ONLY_BINARY: ':all:',
    PIP_DISABLE_PIP_VERSION_CHECK: '1',
    PIP_NO_INPUT: '1',
    PIP_RETRIES: '1',
    PIP_DEFAULT_TIMEOUT: '60',
  };
}
