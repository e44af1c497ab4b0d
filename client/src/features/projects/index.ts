// The projects feature's public face: the project queries, the create dialog, renaming, the
// plan's project limit, and carrying on with a template chosen while signed out. The public
// /templates page loads what it needs from templates/starter.ts and its sign-in dialog's own
// file, on demand: its visitors do not download the create dialog.
export { useCreateProject, useDeleteProject, useProjects, useUpdateProject } from './api';
export { CreateProjectDialog } from './create/create-project-dialog-on-demand';
export { usePlanUsage, type PlanUsage } from './plan-usage';
export { RenameProjectDialog } from './rename/rename-project-dialog-on-demand';
export { useContinueTemplateChoice } from './templates/use-continue-template-choice';
