import { createHash } from 'node:crypto';
import type { BundleFile } from '../project-bundle';
import {
  DeployFailure,
  httpsUrl,
  platformApi,
  pollBuild,
  type DeployContext,
  type DeployOutcome,
} from './platform-api';

interface VercelDeployment {
  id: string;
  url: string;
  readyState?: string;
  errorMessage?: string | null;
}

/**
 * Vercel: each file uploaded by its SHA-1 (POST /v2/files), a production deployment naming
 * them (POST /v13/deployments), then its state until READY or ERROR.
 */
export async function deployToVercel(
  context: DeployContext,
  files: readonly BundleFile[],
): Promise<DeployOutcome> {
  const request = platformApi('vercel', context);
  const manifest = files.map((file) => ({
    file: file.path,
    sha: createHash('sha1').update(file.bytes).digest('hex'),
    size: file.bytes.length,
    bytes: file.bytes,
  }));
  const uploaded = new Set<string>();
  for (const entry of manifest) {
    if (uploaded.has(entry.sha)) continue;
    await request({
      method: 'POST',
      path: '/v2/files',
      bytes: entry.bytes,
      contentType: 'application/octet-stream',
      headers: { 'x-vercel-digest': entry.sha },
    });
    uploaded.add(entry.sha);
  }
  const created = await request<VercelDeployment>({
    method: 'POST',
    // A first deploy of a new project would otherwise stop to ask which framework it uses.
    path: '/v13/deployments?skipAutoDetectionConfirmation=1',
    body: {
      name: context.projectName,
      files: manifest.map(({ file, sha, size }) => ({ file, sha, size })),
      target: 'production',
    },
  });
  await context.onBuilding();
  return pollBuild('vercel', context, async () => {
    const deployment = await request<VercelDeployment>({
      method: 'GET',
      path: `/v13/deployments/${encodeURIComponent(created.id)}`,
    });
    if (deployment.readyState === 'READY') return { url: httpsUrl(deployment.url) };
    if (deployment.readyState === 'ERROR' || deployment.readyState === 'CANCELED') {
      throw new DeployFailure(
        deployment.errorMessage?.trim() ||
          `The Vercel build ended with ${deployment.readyState.toLowerCase()}`,
      );
    }
    return null;
  });
}
