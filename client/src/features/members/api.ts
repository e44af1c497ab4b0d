import type { InviteMemberInput, MemberRole, ProjectMembers } from '@kiln/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/request';

/** GET /api/projects/{id}/members: the default query function joins the key with slashes. */
export const membersQueryKey = (projectId: string) =>
  ['/api/projects', projectId, 'members'] as const;

/** Everyone in the project and your own role in it (what the editor lets you do follows it). */
export function useProjectMembers(projectId: string) {
  return useQuery<ProjectMembers>({ queryKey: membersQueryKey(projectId), enabled: !!projectId });
}

function useMembersMutation<Input>(
  projectId: string,
  send: (input: Input) => Promise<ProjectMembers | { message: string }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      if ('members' in answer) queryClient.setQueryData(membersQueryKey(projectId), answer);
      else void queryClient.invalidateQueries({ queryKey: membersQueryKey(projectId) });
    },
  });
}

/** POST /api/projects/{id}/members: adds an account by email. */
export function useInviteMember(projectId: string) {
  return useMembersMutation(projectId, (input: Required<InviteMemberInput>) =>
    apiJson<ProjectMembers>('POST', `/api/projects/${projectId}/members`, input),
  );
}

/** PATCH /api/projects/{id}/members/{userId}: the owner changes someone's role. */
export function useChangeMemberRole(projectId: string) {
  return useMembersMutation(projectId, (input: { userId: string; role: MemberRole }) =>
    apiJson<ProjectMembers>('PATCH', `/api/projects/${projectId}/members/${input.userId}`, {
      role: input.role,
    }),
  );
}

/** DELETE /api/projects/{id}/members/{userId}: the owner removes someone, or you leave. */
export function useRemoveMember(projectId: string) {
  return useMembersMutation(projectId, (userId: string) =>
    apiJson<{ message: string }>('DELETE', `/api/projects/${projectId}/members/${userId}`),
  );
}
