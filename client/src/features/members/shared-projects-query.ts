import type { SharedProject } from '@kiln/shared';
import { useQuery } from '@tanstack/react-query';

// Apart from the members' calls (api.ts): the dashboard asks for this on a first visit, and the
// code that changes members belongs to the editor's share dialog alone.
export const SHARED_PROJECTS_KEY = ['/api/projects/shared'] as const;

/** GET /api/projects/shared: the projects others added you to, with your role in each. */
export function useSharedProjects() {
  return useQuery<SharedProject[]>({ queryKey: SHARED_PROJECTS_KEY });
}
