// The dev-server feature's public face: Run starting a project's app, its log, its controls
// and the link the preview shows it at.
export { isAppProject } from './app-project';
export { AppLogView } from './app-log-view';
export { DevServerControls } from './dev-server-controls';
export { useDevServer, type DevServerController } from './use-dev-server';
