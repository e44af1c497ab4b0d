import { createServer } from 'node:http';
import { listenOnBridgeSocket } from '../../sandbox/bridge-socket';
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
  const { handle, problems } = options.proxy.forBridge(REGISTRY_PROXY_ORIGIN);
  // An installer keeps connections open between requests; the bridge's close ends them.
  const socket = await listenOnBridgeSocket(
    createServer(handle),
    `registry-${options.projectId.slice(0, 8)}`,
  );
  return {
    bridge: { port: REGISTRY_PROXY_PORT, socket: socket.path },
    env: registryEnvironment(options),
    problems,
    close: () => socket.close(),
  };
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
