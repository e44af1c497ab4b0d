import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HealthSchema, RUNTIME_NAMES } from '@kiln/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { TestClient } from '../../test/client';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports the database, the job queue and the events between instances, and sets a CSRF cookie for a new visitor', async () => {
    const client = new TestClient(t.app);
    const response = await client.get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { ok: true },
      mail: 'outbox',
      jobs: {
        backend: process.env.TEST_REDIS_URL ? 'redis' : 'database',
        ok: true,
        failed: 0,
      },
      events: { backend: process.env.TEST_REDIS_URL ? 'redis' : 'local', ok: true },
    });
    expect(client.cookies.get('csrf_token')).toMatch(/^[\w-]{43}$/);
  });

  // Only a PostgreSQL server can end Kiln's connections; CI runs this file against one.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'keeps answering after PostgreSQL ends its idle connections',
    async () => {
      // Several connections in the pool, then the server ends every one but the caller's.
      const client = new TestClient(t.app);
      await Promise.all(Array.from({ length: 4 }, () => client.get('/api/health')));
      await t.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const answers = await Promise.all(Array.from({ length: 4 }, () => client.get('/api/health')));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    },
  );

  it('lists every runtime it looked for, Node.js with the version it runs on', async () => {
    const response = await new TestClient(t.app).get('/api/health');
    const { runtimes } = HealthSchema.parse(response.json());
    expect(runtimes.map((runtime) => runtime.name)).toEqual([...RUNTIME_NAMES]);
    expect(runtimes[0]).toEqual({ name: 'node', available: true, version: process.versions.node });
    for (const runtime of runtimes) expect(runtime.available).toBe(runtime.version !== null);
  });

  it("reports the free space of DATA_DIR's disk against the warning threshold", async () => {
    const { disk } = HealthSchema.parse((await new TestClient(t.app).get('/api/health')).json());
    const stats = fs.statfsSync(t.dataDir);
    const freeMb = Math.floor((stats.bavail * stats.bsize) / (1024 * 1024));
    expect(disk.warningBelowMb).toBe(1024);
    // Other tests write meanwhile: within a few megabytes.
    expect(Math.abs((disk.freeMb ?? 0) - freeMb)).toBeLessThan(64);
    expect(disk.ok).toBe(freeMb >= 1024);
  });

  it("reports how long the server's thread kept work waiting", async () => {
    // The thread held for 300 ms: no sampling timer can fire before it lets go, so the worst
    // delay seen is at least that, less the sampling interval (a lower bound, never a speed).
    const held = Date.now();
    while (Date.now() - held < 300) {
      // Busy on purpose.
    }
    await new Promise((resolve) => setTimeout(resolve, 30));
    const { eventLoop } = HealthSchema.parse(
      (await new TestClient(t.app).get('/api/health')).json(),
    );
    expect(eventLoop.maxMs).toBeGreaterThanOrEqual(250);
    expect(eventLoop.p99Ms).toBeLessThanOrEqual(eventLoop.maxMs);
    expect(eventLoop.windowSeconds).toBeGreaterThanOrEqual(0);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await new TestClient(t.app).get('/api/does-not-exist');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'No API route for GET /api/does-not-exist',
      code: 'NOT_FOUND',
    });
  });
});

describe('GET /api/health on a server with Go and no Python', () => {
  let t: TestApp;
  let stubs: string;
  beforeAll(async () => {
    // The runtimes are looked for on a search path of stand-ins: a Go, and nothing else.
    stubs = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-health-runtimes-'));
    fs.writeFileSync(
      path.join(stubs, 'go'),
      '#!/bin/sh\necho "go version go1.23.2 linux/amd64"\n',
      {
        mode: 0o755,
      },
    );
    t = await createTestApp({}, { runtimeSearchPath: stubs });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(stubs, { recursive: true, force: true });
  });

  it('reports what it found, found or not, beside the fields it always had', async () => {
    const response = await new TestClient(t.app).get('/api/health');
    expect(response.statusCode).toBe(200);
    const health = HealthSchema.parse(response.json());
    expect(health).toMatchObject({ status: 'ok', database: { ok: true }, mail: 'outbox' });
    const byName = Object.fromEntries(health.runtimes.map((runtime) => [runtime.name, runtime]));
    expect(byName.go).toEqual({ name: 'go', available: true, version: '1.23.2' });
    expect(byName.python).toEqual({ name: 'python', available: false, version: null });
    expect(byName.node?.available).toBe(true);
  });
});
