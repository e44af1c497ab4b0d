import type { Deployment, DeploymentConfig } from '@kiln/shared';
import type { deploymentConfigs, deployments } from './tables';

/** How many of the key's last characters people see, to tell their keys apart. */
const HINT_LENGTH = 4;

/** The key's last characters, masked before them; a short key shows no more than half itself. */
export function apiKeyHint(apiKey: string): string {
  const shown = Math.min(HINT_LENGTH, Math.floor(apiKey.length / 2));
  return `••••${apiKey.slice(apiKey.length - shown)}`;
}

export function presentConfig(
  row: typeof deploymentConfigs.$inferSelect,
  apiKey: string,
): DeploymentConfig {
  return {
    id: row.id,
    platform: row.platform,
    projectName: row.projectName,
    apiKeyHint: apiKeyHint(apiKey),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentDeployment(row: typeof deployments.$inferSelect): Deployment {
  return {
    id: row.id,
    platform: row.platform,
    status: row.status,
    url: row.url,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
