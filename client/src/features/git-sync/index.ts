// The Git sync feature's public face: the dialog the editor opens. Its Git hosts page
// (/settings/git-hosts) is routed from app/routes.tsx as a page of its own.
export { GitHubDialog } from './github-dialog';
