// The members feature's public entry: sharing a project and what your role lets you do.
export { useProjectMembers } from './api';
export { ShareButton } from './share-button';
export { SharedProjects } from './shared-projects';
export { ViewOnlyBanner } from './view-only-banner';
