import {
  GitSyncSettingsSchema,
  type GitSyncSettings,
  type GitSyncSettingsInput,
} from '@kiln/shared';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';
import { useRefreshGitState } from './git-query-keys';

/** PATCH /api/github/settings/{projectId}: auto-sync, the sync interval, or both. */
export async function updateSyncSettings(
  projectId: string,
  input: GitSyncSettingsInput,
): Promise<GitSyncSettings> {
  const answer = await apiJson<unknown>(
    'PATCH',
    `/api/github/settings/${encodeURIComponent(projectId)}`,
    input,
  );
  return GitSyncSettingsSchema.parse(answer);
}

/** The project is read again after, so the switch and the select show what is stored. */
export function useUpdateSyncSettings(projectId: string) {
  const refresh = useRefreshGitState(projectId);
  return useMutation({
    mutationFn: (input: GitSyncSettingsInput) => updateSyncSettings(projectId, input),
    onSettled: refresh,
  });
}
