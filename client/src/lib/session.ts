import type { User, UserResponse } from '@kiln/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

export const ME_QUERY_KEY = ['/api/auth/me'] as const;

/**
 * On load the current user is requested; any failure means signed out.
 */
async function fetchCurrentUser(): Promise<User | null> {
  try {
    const response = await fetch('/api/auth/me', { credentials: 'include' });
    if (!response.ok) return null;
    const body = (await response.json()) as UserResponse;
    return body.user ?? null;
  } catch {
    return null;
  }
}

export function useAuth() {
  const query = useQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchCurrentUser });
  return {
    user: query.data ?? null,
    isLoading: query.isPending,
    isAuthenticated: Boolean(query.data),
  };
}

/** Sets or clears the signed-in user after login, registration or logout. */
export function useSetCurrentUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (user: User | null) => {
      queryClient.setQueryData(ME_QUERY_KEY, user);
      if (user === null) {
        // Everything cached belonged to the person who just left.
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
      }
    },
    [queryClient],
  );
}
