// The database feature's public face: the Database Tools dialog the editor opens.
export { DatabaseToolsDialog } from './database-tools-dialog';
