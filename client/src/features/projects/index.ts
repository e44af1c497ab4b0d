// The projects feature's public face: the project queries and the create dialog.
export { projectQueryKey, useDeleteProject, useProjects, useUpdateProject } from './api';
export { CreateProjectDialog } from './create/create-project-dialog';
