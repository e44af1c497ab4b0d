import type { CreateProjectInput, Project, UpdateProjectInput } from '@kiln/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { projectQueryKey } from '../../lib/query-keys';
import { apiJson } from '../../lib/request';

export const PROJECTS_QUERY_KEY = ['/api/projects'] as const;

/** The signed-in user's projects (GET /api/projects). */
export function useProjects() {
  return useQuery<Project[]>({ queryKey: PROJECTS_QUERY_KEY });
}

export function createProjectRequest(input: CreateProjectInput) {
  return apiJson<Project>('POST', '/api/projects', input);
}

/** A created project joins the cached list at once; the list is then read again. */
export function addCreatedProject(queryClient: QueryClient, project: Project) {
  queryClient.setQueryData<Project[]>(PROJECTS_QUERY_KEY, (list) =>
    list ? [project, ...list] : list,
  );
  void queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProjectRequest,
    onSuccess: (project) => addCreatedProject(queryClient, project),
  });
}

/** Starring is optimistic: the star flips at once and flips back if the server refuses. */
export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateProjectInput }) =>
      apiJson<Project>('PATCH', `/api/projects/${id}`, changes),
    onMutate: async ({ id, changes }) => {
      await queryClient.cancelQueries({ queryKey: PROJECTS_QUERY_KEY });
      const previous = queryClient.getQueryData<Project[]>(PROJECTS_QUERY_KEY);
      queryClient.setQueryData<Project[]>(PROJECTS_QUERY_KEY, (list) =>
        list?.map((project) =>
          project.id === id ? ({ ...project, ...changes } as Project) : project,
        ),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(PROJECTS_QUERY_KEY, context.previous);
    },
    onSuccess: (project) => {
      queryClient.setQueryData<Project[]>(PROJECTS_QUERY_KEY, (list) =>
        list?.map((item) => (item.id === project.id ? project : item)),
      );
      queryClient.setQueryData(projectQueryKey(project.id), project);
    },
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<{ message: string }>('DELETE', `/api/projects/${id}`),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Project[]>(PROJECTS_QUERY_KEY, (list) =>
        list?.filter((project) => project.id !== id),
      );
      queryClient.removeQueries({ queryKey: projectQueryKey(id) });
    },
  });
}
