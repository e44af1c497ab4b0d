import { useMemo } from 'react';
import { streamInstall, useRefreshPackagesStatus } from './api';
import { plainInstallText } from './install-events';
import { installIsStale, readPackagesStatus } from './stale-install';

/**
 * The project's packages as a run needs them: an install streamed into the Output, whether a
 * changed manifest calls for one before the run, and the Packages control read again after.
 */
export function usePackageInstaller(projectId: string) {
  const refresh = useRefreshPackagesStatus(projectId);
  return useMemo(
    () => ({
      install: (options: { force: boolean }) => streamInstall(projectId, options),
      plainText: plainInstallText,
      isStale: async () => {
        const status = await readPackagesStatus(projectId);
        return status !== null && installIsStale(status);
      },
      refresh: () => void refresh(),
    }),
    [projectId, refresh],
  );
}
