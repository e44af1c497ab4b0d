// The dev-server module's public entry: Run's long-lived apps, reached through the preview.
export { DevServers, type DevServerTarget } from './dev-servers';
export type { DevServerDeps } from './dev-server';
export { packagesInstaller, projectFileReader } from './install-packages';
export { registerDevServerRoutes } from './routes';
