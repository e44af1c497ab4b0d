// The packages feature's public face: installing a project's packages (for a run, through the
// workspace) and the control that shows their state.
export { PackagesControl } from './packages-control';
export { usePackageInstaller } from './use-package-installer';
