import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { unzipSync } from 'fflate';

/** The one API key the stand-ins accept on all three platforms, unless told another. */
export const DEPLOY_STAND_IN_KEY = 'kiln-deploy-stand-in-key-7Q2x';

/** How the builds started from now on end. */
export type BuildOutcome = { ok: true } | { ok: false; message: string };

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
}

/**
 * Stand-ins for the Vercel, Netlify and Railway APIs, all on one local server (the three use
 * different paths), so no test deploys anything for real. They keep what they were sent for
 * tests to check: the files uploaded, the zips, the GraphQL operations.
 */
export interface DeployStandIn {
  url: string;
  requests: RecordedRequest[];
  /** How new builds end; a build finishes at the look after `pollsBeforeDone` looks. */
  build: BuildOutcome;
  pollsBeforeDone: number;
  vercel: {
    /** Uploaded files by their SHA-1. */
    files: Map<string, Buffer>;
    deployments: { id: string; name: string; target: string; files: VercelFileRef[] }[];
  };
  netlify: {
    sites: { id: string; name: string }[];
    /** Each deploy's files, unzipped. */
    deploys: { id: string; siteId: string; files: Map<string, Buffer> }[];
  };
  railway: {
    projects: { id: string; name: string; environmentId: string }[];
    services: { id: string; projectId: string; name: string; repo: string }[];
    /** The mutations and queries received, by their root field. */
    operations: string[];
  };
  close(): Promise<void>;
}

interface VercelFileRef {
  file: string;
  sha: string;
  size: number;
}

interface Build {
  polls: number;
  outcome: BuildOutcome;
}

export async function startDeployStandIn(
  options: { port?: number; pollsBeforeDone?: number; key?: string } = {},
): Promise<DeployStandIn> {
  const builds = new Map<string, Build>();
  const acceptedKey = options.key ?? DEPLOY_STAND_IN_KEY;
  const standIn: DeployStandIn = {
    url: '',
    requests: [],
    build: { ok: true },
    pollsBeforeDone: options.pollsBeforeDone ?? 0,
    vercel: { files: new Map(), deployments: [] },
    netlify: { sites: [], deploys: [] },
    railway: { projects: [], services: [], operations: [] },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const startBuild = (id: string) => builds.set(id, { polls: 0, outcome: standIn.build });
  /** Null while the build runs; its outcome once it has been looked at often enough. */
  const look = (id: string): BuildOutcome | null | undefined => {
    const build = builds.get(id);
    if (!build) return undefined;
    build.polls += 1;
    return build.polls > standIn.pollsBeforeDone ? build.outcome : null;
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://deploy.test');
      standIn.requests.push({
        method: request.method ?? 'GET',
        path: url.pathname + url.search,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
      });
      const body = Buffer.concat(chunks);
      const send = (status: number, answer: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      };
      const authorized = request.headers.authorization === `Bearer ${acceptedKey}`;
      const route = `${request.method} ${url.pathname}`;
      if (url.pathname === '/graphql/v2') return railway(body, authorized, send);
      if (!authorized) {
        return url.pathname.startsWith('/api/v1/')
          ? send(401, { code: 401, message: 'Access Denied: Invalid token' })
          : send(403, { error: { code: 'forbidden', message: 'Not authorized' } });
      }
      if (route === 'POST /v2/files') {
        const sha = createHash('sha1').update(body).digest('hex');
        if (request.headers['x-vercel-digest'] !== sha) {
          return send(400, { error: { code: 'invalid_digest', message: 'Digest mismatch' } });
        }
        standIn.vercel.files.set(sha, body);
        return send(200, {});
      }
      if (route === 'POST /v13/deployments') {
        const input = JSON.parse(body.toString('utf8')) as {
          name: string;
          target: string;
          files: VercelFileRef[];
        };
        const missing = input.files.filter((file) => !standIn.vercel.files.has(file.sha));
        if (missing.length > 0) {
          return send(400, { error: { code: 'missing_files', message: 'Missing files' } });
        }
        const id = `dpl_${randomUUID().slice(0, 8)}`;
        standIn.vercel.deployments.push({ id, ...input });
        startBuild(id);
        return send(200, {
          id,
          url: `${input.name}-${id.slice(4)}.vercel.app`,
          readyState: 'QUEUED',
        });
      }
      const vercelDeployment = /^\/v13\/deployments\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && vercelDeployment) {
        const id = decodeURIComponent(vercelDeployment[1]!);
        const deployment = standIn.vercel.deployments.find((entry) => entry.id === id);
        const outcome = look(id);
        if (!deployment || outcome === undefined) {
          return send(404, { error: { code: 'not_found', message: 'Deployment not found' } });
        }
        const url = `${deployment.name}-${id.slice(4)}.vercel.app`;
        if (outcome === null) return send(200, { id, url, readyState: 'BUILDING' });
        return send(
          200,
          outcome.ok
            ? { id, url, readyState: 'READY' }
            : { id, url, readyState: 'ERROR', errorMessage: outcome.message },
        );
      }
      if (route === 'GET /api/v1/sites') {
        const name = url.searchParams.get('name') ?? '';
        return send(
          200,
          standIn.netlify.sites.filter((site) => site.name.includes(name)),
        );
      }
      if (route === 'POST /api/v1/sites') {
        const { name } = JSON.parse(body.toString('utf8')) as { name: string };
        const site = { id: randomUUID(), name };
        standIn.netlify.sites.push(site);
        return send(201, site);
      }
      const netlifyDeploys = /^\/api\/v1\/sites\/([^/]+)\/deploys$/.exec(url.pathname);
      if (request.method === 'POST' && netlifyDeploys) {
        const siteId = decodeURIComponent(netlifyDeploys[1]!);
        if (!standIn.netlify.sites.some((site) => site.id === siteId)) {
          return send(404, { code: 404, message: 'Not Found' });
        }
        if (request.headers['content-type'] !== 'application/zip') {
          return send(422, { code: 422, message: 'Expected a zip' });
        }
        let entries: Record<string, Uint8Array>;
        try {
          entries = unzipSync(body);
        } catch {
          return send(422, { code: 422, message: 'The zip could not be read' });
        }
        const id = randomUUID();
        standIn.netlify.deploys.push({
          id,
          siteId,
          files: new Map(
            Object.entries(entries).map(([path, bytes]) => [path, Buffer.from(bytes)]),
          ),
        });
        startBuild(id);
        return send(200, { id, site_id: siteId, state: 'uploaded' });
      }
      const netlifyDeploy = /^\/api\/v1\/deploys\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && netlifyDeploy) {
        const id = decodeURIComponent(netlifyDeploy[1]!);
        const deploy = standIn.netlify.deploys.find((entry) => entry.id === id);
        const site = standIn.netlify.sites.find((entry) => entry.id === deploy?.siteId);
        const outcome = look(id);
        if (!deploy || !site || outcome === undefined) {
          return send(404, { code: 404, message: 'Not Found' });
        }
        const addresses = {
          url: `http://${site.name}.netlify.app`,
          ssl_url: `https://${site.name}.netlify.app`,
        };
        if (outcome === null) return send(200, { id, state: 'building', ...addresses });
        return send(
          200,
          outcome.ok
            ? { id, state: 'ready', ...addresses }
            : { id, state: 'error', error_message: outcome.message, ...addresses },
        );
      }
      send(404, { error: { code: 'not_found', message: `No route ${route}` } });
    });
  });

  /** Railway's GraphQL API, as far as Kiln uses it, told apart by each operation's root field. */
  function railway(
    body: Buffer,
    authorized: boolean,
    send: (status: number, answer: unknown) => void,
  ) {
    if (!authorized) return send(200, { data: null, errors: [{ message: 'Not Authorized' }] });
    const { query, variables } = JSON.parse(body.toString('utf8')) as {
      query: string;
      variables: Record<string, string>;
    };
    const field = /\{\s*(\w+)/.exec(query)?.[1] ?? '';
    standIn.railway.operations.push(field);
    const projectView = (project: DeployStandIn['railway']['projects'][number]) => ({
      id: project.id,
      name: project.name,
      environments: { edges: [{ node: { id: project.environmentId, name: 'production' } }] },
      services: {
        edges: standIn.railway.services
          .filter((service) => service.projectId === project.id)
          .map((service) => ({ node: { id: service.id, name: service.name } })),
      },
    });
    switch (field) {
      case 'projects':
        return send(200, {
          data: {
            projects: { edges: standIn.railway.projects.map((p) => ({ node: projectView(p) })) },
          },
        });
      case 'projectCreate': {
        const project = { id: randomUUID(), name: variables.name!, environmentId: randomUUID() };
        standIn.railway.projects.push(project);
        return send(200, { data: { projectCreate: projectView(project) } });
      }
      case 'serviceCreate': {
        const service = {
          id: randomUUID(),
          projectId: variables.projectId!,
          name: variables.name!,
          repo: variables.repo!,
        };
        standIn.railway.services.push(service);
        startBuild(service.id);
        return send(200, { data: { serviceCreate: { id: service.id } } });
      }
      case 'serviceDomainCreate': {
        const service = standIn.railway.services.find((s) => s.id === variables.serviceId);
        return send(200, {
          data: {
            serviceDomainCreate: { domain: `${service?.name ?? 'app'}-production.up.railway.app` },
          },
        });
      }
      case 'serviceInstanceDeployV2':
        startBuild(variables.serviceId!);
        return send(200, { data: { serviceInstanceDeployV2: randomUUID() } });
      case 'deployments': {
        const service = standIn.railway.services.find((s) => s.id === variables.serviceId);
        const outcome = service ? look(service.id) : undefined;
        if (!service || outcome === undefined) {
          return send(200, { data: { deployments: { edges: [] } } });
        }
        const status = outcome === null ? 'BUILDING' : outcome.ok ? 'SUCCESS' : 'FAILED';
        return send(200, {
          data: {
            deployments: {
              edges: [
                {
                  node: {
                    id: randomUUID(),
                    status,
                    staticUrl: `${service.name}-production.up.railway.app`,
                  },
                },
              ],
            },
          },
        });
      }
      default:
        return send(200, { data: null, errors: [{ message: `Unknown operation ${field}` }] });
    }
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
