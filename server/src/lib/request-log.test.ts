import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { signUp } from '../test/factories';

describe('the request log', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'info' },
      { logger: true, logStream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    );
  });
  afterAll(() => t.close());

  it('writes one line per request, on its answer, with the status and the time taken', async () => {
    const owner = await signUp(t.app);
    lines.length = 0;
    const answer = await owner.client.get('/api/projects/00000000-0000-4000-8000-00000000abcd');
    expect(answer.statusCode).toBe(404);
    const written = lines.filter((line) => line.req !== undefined || line.res !== undefined);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/projects/00000000-0000-4000-8000-00000000abcd' },
      res: { statusCode: 404 },
    });
    expect(written[0]?.responseTime).toEqual(expect.any(Number));
  });

  it('keeps cookies out of the line', async () => {
    const owner = await signUp(t.app);
    lines.length = 0;
    await owner.client.get('/api/auth/me');
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toMatch(/session_token|csrf_token/);
  });
});
