import { PackageStatusSchema, type PackageStatus } from '@kiln/shared';
import { apiJson } from '../../lib/request';

/**
 * Whether a manifest or lockfile changed since its packages were installed: the next run then
 * installs again first, as a person who edited package.json expects. An ecosystem never
 * installed is left to the Install offer, since a project may run fine without its packages.
 */
export function installIsStale(status: PackageStatus): boolean {
  return status.ecosystems.some((ecosystem) => ecosystem.installed && !ecosystem.upToDate);
}

/** The project's install state, or null when it cannot be read (the run goes ahead anyway). */
export async function readPackagesStatus(projectId: string): Promise<PackageStatus | null> {
  try {
    return PackageStatusSchema.parse(await apiJson<unknown>('GET', `/api/packages/${projectId}`));
  } catch {
    return null;
  }
}
