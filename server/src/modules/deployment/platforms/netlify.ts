import type { BundleFile } from '../project-bundle';
import { writeZip } from '../zip-writer';
import {
  DeployFailure,
  platformApi,
  pollBuild,
  type DeployContext,
  type DeployOutcome,
} from './platform-api';

interface NetlifySite {
  id: string;
  name: string;
}

interface NetlifyDeploy {
  id: string;
  state?: string;
  error_message?: string | null;
  ssl_url?: string | null;
  url?: string | null;
}

/**
 * Netlify: the site of that name, created when there is none, gets the project as a zip
 * (POST /api/v1/sites/{id}/deploys), then the deploy's state until ready or error.
 */
export async function deployToNetlify(
  context: DeployContext,
  files: readonly BundleFile[],
): Promise<DeployOutcome> {
  const request = platformApi('netlify', context);
  const name = context.projectName;
  // The name filter matches parts of names too: only the exact one is this project's site.
  const found = await request<NetlifySite[]>({
    method: 'GET',
    path: `/api/v1/sites?name=${encodeURIComponent(name)}&filter=all`,
  });
  const site =
    found.find((candidate) => candidate.name === name) ??
    (await request<NetlifySite>({ method: 'POST', path: '/api/v1/sites', body: { name } }));
  const created = await request<NetlifyDeploy>({
    method: 'POST',
    path: `/api/v1/sites/${encodeURIComponent(site.id)}/deploys`,
    bytes: writeZip(files),
    contentType: 'application/zip',
  });
  await context.onBuilding();
  return pollBuild('netlify', context, async () => {
    const deploy = await request<NetlifyDeploy>({
      method: 'GET',
      path: `/api/v1/deploys/${encodeURIComponent(created.id)}`,
    });
    if (deploy.state === 'ready') {
      const url = deploy.ssl_url || deploy.url;
      if (!url) throw new DeployFailure('Netlify finished the deploy without an address');
      return { url };
    }
    if (deploy.state === 'error') {
      throw new DeployFailure(deploy.error_message?.trim() || 'The Netlify deploy failed');
    }
    return null;
  });
}
