// The deployment feature's public face: the Deploy dialog the editor opens.
export { DeployDialog } from './deploy-dialog';
