import type { ProjectRole } from '@kiln/shared';

export const ROLE_LABELS: Record<ProjectRole, string> = {
  owner: 'Owner',
  editor: 'Editor',
  viewer: 'Viewer',
};

/** What each role may do, said where a role is chosen. */
export const ROLE_HINTS: Record<ProjectRole, string> = {
  owner: 'Everything, including deleting the project, inviting, Git, deploys and secrets',
  editor: 'Changes files, runs code and asks the AI',
  viewer: 'Reads files and sees the preview',
};
