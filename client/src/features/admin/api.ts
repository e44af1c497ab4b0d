import type { AdminAnalytics, AdminUser, UpdateAdminUserInput } from '@kiln/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/request';
import { ME_QUERY_KEY } from '../../lib/session';

export const ADMIN_USERS_QUERY_KEY = ['/api/admin/users'] as const;
export const ADMIN_ANALYTICS_QUERY_KEY = ['/api/admin/analytics'] as const;
/** The User Management dialog's list, which a deletion also changes. */
const DIRECTORY_QUERY_KEY = ['/api/auth/users'] as const;

export function useAdminUsers() {
  return useQuery<AdminUser[]>({ queryKey: ADMIN_USERS_QUERY_KEY });
}

export function useAdminAnalytics() {
  return useQuery<AdminAnalytics>({ queryKey: ADMIN_ANALYTICS_QUERY_KEY });
}

/** After a change, the users and the analytics are fetched again. */
function refreshAdminData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ADMIN_ANALYTICS_QUERY_KEY }),
  ]);
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateAdminUserInput }) =>
      apiJson<AdminUser>('PATCH', `/api/admin/users/${id}`, changes),
    onSuccess: async (updated) => {
      // An administrator who changes their own plan sees it on their dashboard at once.
      const me = queryClient.getQueryData<{ id: string } | null>(ME_QUERY_KEY);
      if (me?.id === updated.id) void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      await refreshAdminData(queryClient);
    },
  });
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<{ message: string }>('DELETE', `/api/admin/users/${id}`),
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: DIRECTORY_QUERY_KEY });
      await refreshAdminData(queryClient);
    },
  });
}
