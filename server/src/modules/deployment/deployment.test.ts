import { createHash } from 'node:crypto';
import type { Deployment, DeploymentConfig, Project } from '@kiln/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deploymentConfigs, deployments } from './tables';
import { files } from '../files/tables';
import { projects } from '../projects/tables';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import {
  DEPLOY_STAND_IN_KEY,
  startDeployStandIn,
  type DeployStandIn,
} from '../../test/deploy-stand-ins';
import { signUp } from '../../test/factories';
import { PNG } from '../../test/project-files';

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

describe('deployment', () => {
  let t: TestApp;
  let standIn: DeployStandIn;
  const logLines: string[] = [];
  beforeAll(async () => {
    standIn = await startDeployStandIn();
    t = await createTestApp(
      {
        VERCEL_API_URL: standIn.url,
        NETLIFY_API_URL: standIn.url,
        RAILWAY_API_URL: standIn.url,
        LOG_LEVEL: 'trace',
      },
      { logger: true, logStream: { write: (line: string) => void logLines.push(line) } },
    );
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });
  beforeEach(() => {
    standIn.build = { ok: true };
  });

  async function ownerWithProject() {
    const owner = await signUp(t.app);
    const response = await owner.client.post('/api/projects', {
      name: `Deploy ${Math.random()}`,
      templateId: 'blank',
    });
    expect(response.statusCode, response.body).toBe(201);
    const project = response.json<Project>();
    const save = (body: unknown) =>
      owner.client.post(`/api/deployment/configs/${project.id}`, body);
    const configs = async () =>
      (await owner.client.get(`/api/deployment/configs/${project.id}`)).json<DeploymentConfig[]>();
    const deploy = (platform: string) =>
      owner.client.post('/api/deployment/deploy', { projectId: project.id, platform });
    const history = async () =>
      (await owner.client.get(`/api/deployment/deployments/${project.id}`)).json<Deployment[]>();
    /** Deploys and waits for the job: the deployment as it ended. */
    const deployed = async (platform: string) => {
      const started = await deploy(platform);
      expect(started.statusCode, started.body).toBe(202);
      expect(started.json<Deployment>()).toMatchObject({ platform, status: 'queued', url: null });
      await t.settled();
      const [latest] = await history();
      expect(latest!.id).toBe(started.json<Deployment>().id);
      return latest!;
    };
    return { ...owner, project, save, configs, deploy, history, deployed };
  }

  type Owner = Awaited<ReturnType<typeof ownerWithProject>>;
  const saveKey = async (p: Owner, platform: string, apiKey = DEPLOY_STAND_IN_KEY) => {
    const saved = await p.save({ platform, apiKey, projectName: `kiln-${platform}-site` });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json<DeploymentConfig>();
  };

  it('saves a configuration with its key sealed, answering only the hint', async () => {
    const p = await ownerWithProject();
    const apiKey = 'vercel-secret-token-4821';
    const saved = await p.save({
      platform: 'vercel',
      apiKey: ` ${apiKey} `,
      projectName: 'my-site',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(Object.keys(saved.json()).sort()).toEqual([
      'apiKeyHint',
      'id',
      'platform',
      'projectName',
      'updatedAt',
    ]);
    expect(saved.json()).toMatchObject({
      platform: 'vercel',
      projectName: 'my-site',
      apiKeyHint: '••••4821',
    });
    const listed = await p.client.get(`/api/deployment/configs/${p.project.id}`);
    expect(listed.json()).toEqual([saved.json()]);
    for (const response of [saved, listed]) expect(response.body).not.toContain(apiKey);

    const rows = await t.database.db
      .select()
      .from(deploymentConfigs)
      .where(eq(deploymentConfigs.projectId, p.project.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(apiKey);
    expect(JSON.stringify(rows)).not.toContain('4821');
    expect(rows[0]!.apiKeyEncrypted).toMatch(/^v1\./);
    expect(logLines.join('\n')).not.toContain(apiKey);
  });

  it('replaces the configuration of a platform on a second save, one per platform', async () => {
    const p = await ownerWithProject();
    const first = (
      await p.save({ platform: 'netlify', apiKey: 'first-key-1111', projectName: 'one' })
    ).json<DeploymentConfig>();
    await p.save({ platform: 'vercel', apiKey: 'other-key-3333', projectName: 'other' });
    const second = await p.save({
      platform: 'netlify',
      apiKey: 'second-key-2222',
      projectName: 'two',
    });
    expect(second.json<DeploymentConfig>()).toMatchObject({
      id: first.id,
      projectName: 'two',
      apiKeyHint: '••••2222',
    });
    expect((await p.configs()).map((c) => [c.platform, c.projectName])).toEqual([
      ['netlify', 'two'],
      ['vercel', 'other'],
    ]);
  });

  it('refuses a missing key, name or platform and a bad name, changing nothing', async () => {
    const p = await ownerWithProject();
    await p.save({ platform: 'vercel', apiKey: 'kept-key-9999', projectName: 'kept' });
    for (const body of [
      { platform: 'vercel', apiKey: '', projectName: 'x' },
      { platform: 'vercel', apiKey: 'key', projectName: '   ' },
      { platform: 'vercel' },
    ]) {
      expect(expectError(await p.save(body), 400, 'VALIDATION_FAILED')).toBe(
        'Invalid input: apiKey and projectName are required.',
      );
    }
    expect(
      expectError(
        await p.save({ platform: 'heroku', apiKey: 'k', projectName: 'x' }),
        400,
        'VALIDATION_FAILED',
      ),
    ).toMatch(/platform must be vercel, netlify or railway/);
    expect(
      expectError(
        await p.save({ platform: 'vercel', apiKey: 'k', projectName: 'My Site' }),
        400,
        'VALIDATION_FAILED',
      ),
    ).toMatch(/lowercase letters, digits and hyphens/);
    expect((await p.configs()).map((c) => [c.projectName, c.apiKeyHint])).toEqual([
      ['kept', '••••9999'],
    ]);
  });

  it('deletes a configuration', async () => {
    const p = await ownerWithProject();
    const saved = await saveKey(p, 'vercel');
    const deleted = await p.client.delete(`/api/deployment/configs/${p.project.id}/${saved.id}`);
    expect(deleted.json()).toEqual({ message: 'Deployment configuration deleted' });
    expect(await p.configs()).toEqual([]);
    expectError(
      await p.client.delete(`/api/deployment/configs/${p.project.id}/${saved.id}`),
      404,
      'NOT_FOUND',
    );
    expectError(await p.deploy('vercel'), 400, 'VALIDATION_FAILED');
  });

  it('deploys to Vercel: every file uploaded by its SHA-1, binary ones as bytes', async () => {
    const p = await ownerWithProject();
    await t.database.db.insert(files).values({
      projectId: p.project.id,
      path: 'assets/pixel.png',
      data: PNG,
      mimeType: 'image/png',
      size: PNG.length,
    });
    await saveKey(p, 'vercel');
    const before = standIn.requests.length;
    const done = await p.deployed('vercel');
    expect(done).toMatchObject({ status: 'ready', error: null });
    expect(done.finishedAt).not.toBeNull();

    const deployment = standIn.vercel.deployments.at(-1)!;
    expect(done.url).toBe(`https://kiln-vercel-site-${deployment.id.slice(4)}.vercel.app`);
    expect(deployment).toMatchObject({ name: 'kiln-vercel-site', target: 'production' });
    const sent = await t.database.db
      .select({ path: files.path, content: files.content })
      .from(files)
      .where(eq(files.projectId, p.project.id));
    const texts = sent.filter((file) => file.content !== null);
    expect(deployment.files.map((file) => file.file).sort()).toEqual(
      [...texts.map((file) => file.path), 'assets/pixel.png'].sort(),
    );
    for (const file of texts) {
      const ref = deployment.files.find((entry) => entry.file === file.path)!;
      expect(standIn.vercel.files.get(ref.sha)!.toString('utf8')).toBe(file.content);
    }
    const png = deployment.files.find((entry) => entry.file === 'assets/pixel.png')!;
    expect(png).toEqual({ file: 'assets/pixel.png', sha: sha1(PNG), size: PNG.length });
    expect(standIn.vercel.files.get(png.sha)).toEqual(PNG);
    for (const request of standIn.requests.slice(before)) {
      expect(request.authorization).toBe(`Bearer ${DEPLOY_STAND_IN_KEY}`);
    }
  });

  it('deploys to Netlify: creates the site once and sends the project as a zip', async () => {
    const p = await ownerWithProject();
    await saveKey(p, 'netlify');
    const first = await p.deployed('netlify');
    expect(first).toMatchObject({
      status: 'ready',
      url: 'https://kiln-netlify-site.netlify.app',
      error: null,
    });
    const zip = standIn.netlify.deploys.at(-1)!;
    const rows = await t.database.db
      .select({ path: files.path, content: files.content, isDirectory: files.isDirectory })
      .from(files)
      .where(eq(files.projectId, p.project.id));
    const documents = rows.filter((row) => !row.isDirectory);
    expect([...zip.files.keys()].sort()).toEqual(documents.map((row) => row.path).sort());
    for (const row of documents)
      expect(zip.files.get(row.path)!.toString('utf8')).toBe(row.content);

    // A second deploy reuses the site of that name.
    await p.deployed('netlify');
    expect(standIn.netlify.sites.filter((site) => site.name === 'kiln-netlify-site')).toHaveLength(
      1,
    );
    expect(standIn.netlify.deploys.at(-1)!.siteId).toBe(zip.siteId);
    expect((await p.history()).map((d) => d.status)).toEqual(['ready', 'ready']);
  });

  it('deploys to Railway from the linked repository, and refuses a project without one', async () => {
    const p = await ownerWithProject();
    await saveKey(p, 'railway');
    expect(expectError(await p.deploy('railway'), 400, 'VALIDATION_FAILED')).toBe(
      'Link the project to a Git repository first',
    );
    expect(await p.history()).toEqual([]);

    await t.database.db
      .update(projects)
      .set({ githubOwner: 'octocat', githubRepo: 'hello-kiln' })
      .where(eq(projects.id, p.project.id));
    const done = await p.deployed('railway');
    expect(done).toMatchObject({
      status: 'ready',
      url: 'https://hello-kiln-production.up.railway.app',
    });
    const project = standIn.railway.projects.find((entry) => entry.name === 'kiln-railway-site')!;
    expect(standIn.railway.services).toContainEqual(
      expect.objectContaining({
        projectId: project.id,
        name: 'hello-kiln',
        repo: 'octocat/hello-kiln',
      }),
    );
    // Deploying again redeploys the same service.
    standIn.railway.operations.length = 0;
    expect((await p.deployed('railway')).status).toBe('ready');
    expect(standIn.railway.operations).toEqual([
      'projects',
      'serviceInstanceDeployV2',
      'deployments',
    ]);
  });

  it('records a refused key on every platform', async () => {
    const p = await ownerWithProject();
    await t.database.db
      .update(projects)
      .set({ githubOwner: 'octocat', githubRepo: 'hello-kiln' })
      .where(eq(projects.id, p.project.id));
    for (const [platform, name] of [
      ['vercel', 'Vercel'],
      ['netlify', 'Netlify'],
      ['railway', 'Railway'],
    ] as const) {
      await saveKey(p, platform, 'a-key-the-platform-refuses');
      const done = await p.deployed(platform);
      expect(done).toMatchObject({
        status: 'error',
        url: null,
        error: `The ${name} API key was refused`,
      });
      expect(done.finishedAt).not.toBeNull();
    }
  });

  it("records a failed build with the platform's message", async () => {
    const p = await ownerWithProject();
    await saveKey(p, 'vercel');
    await saveKey(p, 'netlify');
    standIn.build = { ok: false, message: 'Command "npm run build" exited with 1' };
    expect(await p.deployed('vercel')).toMatchObject({
      status: 'error',
      error: 'Command "npm run build" exited with 1',
    });
    expect(await p.deployed('netlify')).toMatchObject({
      status: 'error',
      error: 'Command "npm run build" exited with 1',
    });
  });

  it('records a platform it cannot reach', async () => {
    // An address nothing listens on any more.
    const closed = await startDeployStandIn();
    await closed.close();
    const offline = await createTestApp({ VERCEL_API_URL: closed.url });
    try {
      const owner = await signUp(offline.app);
      const project = (
        await owner.client.post('/api/projects', { name: 'Offline', templateId: 'blank' })
      ).json<Project>();
      await owner.client.post(`/api/deployment/configs/${project.id}`, {
        platform: 'vercel',
        apiKey: DEPLOY_STAND_IN_KEY,
        projectName: 'offline-site',
      });
      const started = await owner.client.post('/api/deployment/deploy', {
        projectId: project.id,
        platform: 'vercel',
      });
      expect(started.statusCode, started.body).toBe(202);
      await offline.settled();
      const [latest] = (await owner.client.get(`/api/deployment/deployments/${project.id}`)).json<
        Deployment[]
      >();
      expect(latest).toMatchObject({ status: 'error', url: null });
      expect(latest!.error).toMatch(/^Could not reach Vercel: .*ECONNREFUSED/);
    } finally {
      await offline.close();
    }
  });

  it('joins a deploy already under way instead of starting another', async () => {
    const p = await ownerWithProject();
    await saveKey(p, 'vercel');
    const [running] = await t.database.db
      .insert(deployments)
      .values({ projectId: p.project.id, platform: 'vercel', status: 'building' })
      .returning();
    const again = await p.deploy('vercel');
    expect(again.statusCode).toBe(200);
    expect(again.json<Deployment>().id).toBe(running!.id);
    expect(await p.history()).toHaveLength(1);
  });

  it('answers 401 signed out and 404 to anyone but the owner, on every route', async () => {
    const p = await ownerWithProject();
    const saved = await saveKey(p, 'vercel');
    const anonymous = new TestClient(t.app);
    const stranger = await signUp(t.app);
    const calls = (client: TestClient) => [
      () => client.get(`/api/deployment/configs/${p.project.id}`),
      () =>
        client.post(`/api/deployment/configs/${p.project.id}`, {
          platform: 'vercel',
          apiKey: 'stolen-1234',
          projectName: 'stolen',
        }),
      () => client.delete(`/api/deployment/configs/${p.project.id}/${saved.id}`),
      () => client.post('/api/deployment/deploy', { projectId: p.project.id, platform: 'vercel' }),
      () => client.get(`/api/deployment/deployments/${p.project.id}`),
    ];
    for (const call of calls(anonymous)) expectError(await call(), 401, 'UNAUTHENTICATED');
    for (const call of calls(stranger.client)) expectError(await call(), 404, 'NOT_FOUND');
    expectError(await p.client.get('/api/deployment/configs/not-a-project'), 404, 'NOT_FOUND');
    expect(await p.configs()).toEqual([saved]);
    expect(await p.history()).toEqual([]);
  });
});
