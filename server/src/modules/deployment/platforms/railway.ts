import {
  DeployFailure,
  httpsUrl,
  platformApi,
  pollBuild,
  type DeployContext,
  type DeployOutcome,
} from './platform-api';

/** The GitHub repository Railway builds from. */
export interface LinkedRepository {
  owner: string;
  repo: string;
}

interface Edges<T> {
  edges: { node: T }[];
}

interface RailwayProject {
  id: string;
  name: string;
  environments: Edges<{ id: string; name: string }>;
  services: Edges<{ id: string; name: string }>;
}

interface RailwayDeployment {
  id: string;
  status: string;
  staticUrl: string | null;
}

const PROJECT_FIELDS = `id name environments { edges { node { id name } } } services { edges { node { id name } } }`;
/** Railway's deployment states that end a deploy badly. */
const FAILED_STATES = new Set(['FAILED', 'CRASHED', 'REMOVED', 'SKIPPED']);

/**
 * Railway builds from Git, never from uploaded files: its public GraphQL API (/graphql/v2)
 * finds or creates the project of that name, finds or creates a service building the linked
 * GitHub repository (creating one starts its first deploy and gets it a railway.app domain;
 * an existing one is redeployed), then follows the newest deployment until SUCCESS or failure.
 */
export async function deployToRailway(
  context: DeployContext,
  repository: LinkedRepository,
): Promise<DeployOutcome> {
  const graphql = railwayGraphql(context);
  const repoName = `${repository.owner}/${repository.repo}`;

  const { projects } = await graphql<{ projects: Edges<RailwayProject> }>(
    `query { projects { edges { node { ${PROJECT_FIELDS} } } } }`,
  );
  const project =
    projects.edges.map((edge) => edge.node).find((node) => node.name === context.projectName) ??
    (
      await graphql<{ projectCreate: RailwayProject }>(
        `mutation ($name: String!) { projectCreate(input: { name: $name }) { ${PROJECT_FIELDS} } }`,
        { name: context.projectName },
      )
    ).projectCreate;
  const environments = project.environments.edges.map((edge) => edge.node);
  const environment =
    environments.find((candidate) => candidate.name === 'production') ?? environments[0];
  if (!environment) throw new DeployFailure('The Railway project has no environment to deploy to');

  const existing = project.services.edges
    .map((edge) => edge.node)
    .find((service) => service.name === repository.repo);
  let serviceId: string;
  let domain: string | null = null;
  if (existing) {
    serviceId = existing.id;
    await graphql<{ serviceInstanceDeployV2: string }>(
      `
        mutation ($serviceId: String!, $environmentId: String!) {
          serviceInstanceDeployV2(serviceId: $serviceId, environmentId: $environmentId)
        }
      `,
      { serviceId, environmentId: environment.id },
    );
  } else {
    const { serviceCreate } = await graphql<{ serviceCreate: { id: string } }>(
      `
        mutation ($projectId: String!, $name: String!, $repo: String!) {
          serviceCreate(input: { projectId: $projectId, name: $name, source: { repo: $repo } }) {
            id
          }
        }
      `,
      { projectId: project.id, name: repository.repo, repo: repoName },
    );
    serviceId = serviceCreate.id;
    const { serviceDomainCreate } = await graphql<{ serviceDomainCreate: { domain: string } }>(
      `
        mutation ($serviceId: String!, $environmentId: String!) {
          serviceDomainCreate(input: { serviceId: $serviceId, environmentId: $environmentId }) {
            domain
          }
        }
      `,
      { serviceId, environmentId: environment.id },
    );
    domain = serviceDomainCreate.domain;
  }
  await context.onBuilding();

  return pollBuild('railway', context, async () => {
    const { deployments } = await graphql<{ deployments: Edges<RailwayDeployment> }>(
      `
        query ($projectId: String!, $serviceId: String!, $environmentId: String!) {
          deployments(
            first: 1
            input: { projectId: $projectId, serviceId: $serviceId, environmentId: $environmentId }
          ) {
            edges {
              node {
                id
                status
                staticUrl
              }
            }
          }
        }
      `,
      { projectId: project.id, serviceId, environmentId: environment.id },
    );
    const latest = deployments.edges[0]?.node;
    if (!latest) return null;
    if (latest.status === 'SUCCESS') {
      const address = latest.staticUrl ?? domain;
      if (!address) throw new DeployFailure('Railway finished the deploy without a public address');
      return { url: httpsUrl(address) };
    }
    if (FAILED_STATES.has(latest.status)) {
      throw new DeployFailure(
        `The Railway deployment of ${repoName} ended ${latest.status.toLowerCase()}`,
      );
    }
    return null;
  });
}

/** Railway answers GraphQL errors with status 200; a refused token reads "Not Authorized". */
function railwayGraphql(context: DeployContext) {
  const request = platformApi('railway', context);
  return async function graphql<T>(query: string, variables: Record<string, unknown> = {}) {
    const answer = await request<{ data?: T | null; errors?: { message?: string }[] }>({
      method: 'POST',
      path: '/graphql/v2',
      body: { query, variables },
    });
    const problem = answer.errors?.[0]?.message;
    if (problem !== undefined) {
      if (/not authori[sz]ed|unauthori[sz]ed/i.test(problem)) {
        throw new DeployFailure('The Railway API key was refused');
      }
      throw new DeployFailure(`Railway refused the deploy: ${problem}`);
    }
    if (!answer.data) throw new DeployFailure('Railway sent an answer Kiln could not read');
    return answer.data;
  };
}
