import type { AdminAiUsage } from '@kiln/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiUsage } from '../ai/tables';
import { users } from '../users/tables';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/assertions';
import { TestClient } from '../../test/client';
import { signUp } from '../../test/factories';

const URL = '/api/admin/ai-usage';

describe('AI usage per user in the admin portal', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp();
    // The first account on an empty instance is the administrator.
    admin = await signUp(t.app);
  });
  afterAll(() => t.close());

  const use = (userId: string, input: number, output: number, createdAt: Date, kind = 'agent') =>
    t.database.db.insert(aiUsage).values({
      userId,
      kind: kind as 'agent',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      inputTokens: input,
      outputTokens: output,
      createdAt,
    });

  it("sums each user's month, most tokens first, with the plan's allowance", async () => {
    const light = await signUp(t.app);
    const heavy = await signUp(t.app);
    await t.database.db
      .update(users)
      .set({ subscriptionPlan: 'enterprise' })
      .where(eq(users.id, heavy.user.id));
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    await use(light.user.id, 100, 50, now, 'chat');
    await use(light.user.id, 200, 0, now);
    await use(heavy.user.id, 9_000, 1_000, now, 'generate');
    await use(heavy.user.id, 1_000_000, 0, lastMonth);

    const response = await admin.client.get(URL);
    expect(response.statusCode).toBe(200);
    const body = response.json<AdminAiUsage>();
    expect(body.users.map((row) => row.email)).toEqual([heavy.email, light.email]);
    expect(body.users[0]).toMatchObject({
      plan: 'enterprise',
      tokensUsed: 10_000,
      tokenAllowance: null,
      requests: 1,
    });
    expect(body.users[1]).toMatchObject({
      plan: 'free',
      inputTokens: 300,
      outputTokens: 50,
      tokensUsed: 350,
      tokenAllowance: 500_000,
      requests: 2,
    });
    expect(body.totals).toEqual({ inputTokens: 9_300, outputTokens: 1_050, requests: 3, users: 2 });

    const month = `${lastMonth.getUTCFullYear()}-${String(lastMonth.getUTCMonth() + 1).padStart(2, '0')}`;
    const earlier = (await admin.client.get(`${URL}?month=${month}`)).json<AdminAiUsage>();
    expect(earlier.users).toEqual([
      expect.objectContaining({ email: heavy.email, tokensUsed: 1_000_000 }),
    ]);
    expect(earlier.periodStart.slice(0, 7)).toBe(month);
  });

  it('refuses a month it cannot read', async () => {
    const response = await admin.client.get(`${URL}?month=2026-13`);
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json<{ error: string }>().error).toMatch(/month must look like 2026-11/);
  });

  it('is for administrators only', async () => {
    const regular = await signUp(t.app);
    expectError(await regular.client.get(URL), 403, 'FORBIDDEN');
    expectError(await new TestClient(t.app).get(URL), 401, 'UNAUTHENTICATED');
  });
});
