// The projects module's public entry: what other modules may use of it.
export * from './policy';
export { announceProjectsDeleted, onProjectDeleted } from './service';
export { presentedProjectColumns } from './presenter';
