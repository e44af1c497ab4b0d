import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PreviewLink } from '@kiln/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { projects } from '../projects/tables';
import { createTestApp, type TestApp } from '../../test/app';
import type { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';
import { createFile, createProject } from '../../test/project-files';
import { ACCESS_GENERATION_MAX_AGE_MS } from './access-generations';
import { buildPreviewApp } from './app';

const PREVIEW_ORIGIN = 'http://preview.kiln-test.example';
/** How long after a change a revoked link may still serve: the cache's age and some slack. */
const REVOKED_WITHIN_MS = ACCESS_GENERATION_MAX_AGE_MS + 1500;

/**
 * A preview link carries its project's access generation (decision 0005): once a member is
 * removed or made a viewer, every link made before stops serving within seconds, on every
 * instance, without anything being stored per link.
 */
describe('revoking preview links', () => {
  let t: TestApp;
  let preview: FastifyInstance;
  let owner: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    t = await createTestApp({ PREVIEW_ORIGIN, AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    preview = await buildPreviewApp({ env: t.env, database: t.database });
    await preview.ready();
  });
  // A person of their own for each case: the Free plan holds three projects.
  beforeEach(async () => {
    owner = await signUp(t.app);
  });
  afterAll(async () => {
    await preview.close();
    await t.close();
  });

  async function siteOf(client: TestClient, name: string): Promise<string> {
    const project = await createProject(client, name);
    await createFile(client, project.id, 'index.html', { content: `<p>${name} page</p>` });
    return project.id;
  }

  async function linkFor(client: TestClient, projectId: string): Promise<PreviewLink> {
    const response = await client.get(`/api/projects/${projectId}/preview`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PreviewLink>();
  }

  function open(link: PreviewLink): Promise<LightMyRequestResponse> {
    const url = new URL(link.url);
    return preview.inject({ method: 'GET', url: url.pathname, headers: { host: url.host } });
  }

  /** Requests the link until it stops serving; answers that answer and how long it took. */
  async function untilRefused(link: PreviewLink, since: number) {
    for (;;) {
      const response = await open(link);
      const elapsed = Date.now() - since;
      if (response.statusCode !== 200 || elapsed > REVOKED_WITHIN_MS + 3000) {
        return { response, elapsed };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  function expectRevoked(response: LightMyRequestResponse, page: string) {
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('Preview link revoked');
    expect(response.body).toContain('Refresh the preview to get a new link.');
    expect(response.body).not.toContain(page);
  }

  it('stops a link within seconds of its generation changing; a new link serves', async () => {
    const projectId = await siteOf(owner.client, 'Bumped');
    const link = await linkFor(owner.client, projectId);
    expect((await open(link)).statusCode).toBe(200);

    const bumpedAt = Date.now();
    await t.database.db
      .update(projects)
      .set({ accessGeneration: sql`${projects.accessGeneration} + 1` })
      .where(eq(projects.id, projectId));
    const { response, elapsed } = await untilRefused(link, bumpedAt);
    expectRevoked(response, 'Bumped page');
    expect(elapsed).toBeLessThanOrEqual(REVOKED_WITHIN_MS);

    const fresh = await open(await linkFor(owner.client, projectId));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toContain('Bumped page');
  });

  it("revokes the link a removed member was given, and everyone's older links", async () => {
    const projectId = await siteOf(owner.client, 'Shared');
    const member = await signUp(t.app);
    const invited = await owner.client.post(`/api/projects/${projectId}/members`, {
      email: member.email,
      role: 'editor',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const theirs = await linkFor(member.client, projectId);
    const ownersOld = await linkFor(owner.client, projectId);
    expect((await open(theirs)).statusCode).toBe(200);

    const removedAt = Date.now();
    const removed = await owner.client.delete(
      `/api/projects/${projectId}/members/${member.user.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const { response, elapsed } = await untilRefused(theirs, removedAt);
    expectRevoked(response, 'Shared page');
    expect(elapsed).toBeLessThanOrEqual(REVOKED_WITHIN_MS);
    expectRevoked(await open(ownersOld), 'Shared page');

    // They get no new link; the owner's new one serves.
    const refused = await member.client.get(`/api/projects/${projectId}/preview`);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('/p/');
    expect((await open(await linkFor(owner.client, projectId))).statusCode).toBe(200);
  });

  it('revokes the links of an editor made a viewer', async () => {
    const projectId = await siteOf(owner.client, 'Demoted');
    const member = await signUp(t.app);
    await owner.client.post(`/api/projects/${projectId}/members`, {
      email: member.email,
      role: 'editor',
    });
    const theirs = await linkFor(member.client, projectId);
    const changedAt = Date.now();
    const changed = await owner.client.patch(
      `/api/projects/${projectId}/members/${member.user.id}`,
      { role: 'viewer' },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const { response } = await untilRefused(theirs, changedAt);
    expectRevoked(response, 'Demoted page');
    // A viewer still previews, with a link of the new generation.
    expect((await open(await linkFor(member.client, projectId))).statusCode).toBe(200);
  });

  it('serves nothing under the link of a deleted project', async () => {
    const projectId = await siteOf(owner.client, 'Deleted');
    const link = await linkFor(owner.client, projectId);
    expect((await owner.client.delete(`/api/projects/${projectId}`)).statusCode).toBe(200);
    const { response } = await untilRefused(link, Date.now());
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Preview not found');
  });
});
