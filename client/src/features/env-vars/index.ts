// The environment variables feature's public face: the dialog the editor opens.
export { EnvVarsDialog } from './env-vars-dialog';
