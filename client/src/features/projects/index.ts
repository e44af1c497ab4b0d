// The projects feature's public face: the project queries, the create dialog, renaming, the
// plan's project limit, and creating from a template (the public /templates page loads these
// last ones on demand, so its visitors do not download the create dialog).
export { useCreateProject, useDeleteProject, useProjects, useUpdateProject } from './api';
export { CreateProjectDialog } from './create/create-project-dialog-on-demand';
export { usePlanUsage, type PlanUsage } from './plan-usage';
export { RenameProjectDialog } from './rename/rename-project-dialog';
export { SignInToUseDialog } from './templates/sign-in-to-use-dialog';
export { startFromTemplate } from './templates/start-from-template';
export { rememberTemplateChoice, takeTemplateChoice } from './templates/template-choice';
export { useContinueTemplateChoice } from './templates/use-continue-template-choice';
