// The packages module's public entry: installs, and the registry proxy every session that
// installs (an install, the terminal) reaches registries through (decision 0016).
import { defineModule } from '../../lib/kiln-module';
import { registerPackageRoutes } from './routes';
import type { PackagesDeps } from './service';
export {
  createRegistryBridge,
  NPM_CACHE_FOLDER,
  REGISTRY_PROXY_ORIGIN,
  REGISTRY_PROXY_PORT,
  type RegistryBridge,
  type RegistryBridgeOptions,
} from './registry-bridge';
export {
  createRegistryProxy,
  type RegistryProxy,
  type RegistryProxySettings,
} from './registry-proxy/registry-proxy';
export type { RegistryProblem } from './registry-proxy/problems';
export { InstallTracker } from './install-tracker';
export { INSTALL_SESSION_LIMITS } from './install-step';
export { registerPackageRoutes } from './routes';
export {
  openProjectRegistryBridge,
  projectAllowsScripts,
  startPackageInstall,
  type InstallLimits,
  type PackagesDeps,
} from './service';

export const packagesModule = defineModule<{ packages: PackagesDeps }>({
  name: 'packages',
  register: (app, { packages }) => registerPackageRoutes(app, packages),
});
