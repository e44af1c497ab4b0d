// The packages feature's public face: installing a project's packages and the control that
// shows their state.
export { streamInstall, useRefreshPackagesStatus } from './api';
export { plainInstallText, type InstallOutcome } from './install-events';
export { PackagesControl } from './packages-control';
export { installIsStale, readPackagesStatus } from './stale-install';
