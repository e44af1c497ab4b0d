import { PLANS, type AdminAiUsage, type AiUsage } from '@kiln/shared';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { aiUsage } from './tables';
import { users, type UserRow } from '../users/tables';
import { AppError } from '../../lib/app-error';

/** The calendar month (UTC) that `now` falls in: allowances renew on the 1st. */
export function usagePeriod(now = new Date()): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

export async function recordUsage(options: {
  db: Database;
  userId: string;
  projectId: string | null;
  kind: 'chat' | 'agent' | 'generate';
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  durationMs: number;
}): Promise<void> {
  const { db, ...values } = options;
  await db.insert(aiUsage).values(values);
}

/** This month's use of one user against their plan's allowance. */
export async function getUsage(db: Database, user: UserRow, now = new Date()): Promise<AiUsage> {
  const { start, end } = usagePeriod(now);
  const [totals] = await db
    .select({
      inputTokens: sql<number>`coalesce(sum(${aiUsage.inputTokens}), 0)::int`,
      outputTokens: sql<number>`coalesce(sum(${aiUsage.outputTokens}), 0)::int`,
      requests: sql<number>`count(*)::int`,
    })
    .from(aiUsage)
    .where(and(eq(aiUsage.userId, user.id), gte(aiUsage.createdAt, start)));
  const inputTokens = totals?.inputTokens ?? 0;
  const outputTokens = totals?.outputTokens ?? 0;
  return {
    plan: user.subscriptionPlan,
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
    inputTokens,
    outputTokens,
    tokensUsed: inputTokens + outputTokens,
    tokenAllowance: PLANS[user.subscriptionPlan].aiTokensPerMonth,
    requests: totals?.requests ?? 0,
  };
}

/** Refuses an AI call once the month's allowance is spent, saying when it renews. */
export async function assertWithinAllowance(db: Database, user: UserRow): Promise<void> {
  const usage = await getUsage(db, user);
  if (usage.tokenAllowance === null || usage.tokensUsed < usage.tokenAllowance) return;
  const plan = PLANS[user.subscriptionPlan];
  const renews = new Date(usage.periodEnd).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  throw new AppError(
    'PLAN_LIMIT',
    `You have used this month's ${usage.tokenAllowance.toLocaleString('en-GB')} AI tokens of the ${plan.name} plan. They renew on ${renews}${user.subscriptionPlan === 'enterprise' ? '' : '; upgrade for more'}.`,
  );
}

/** The month named `YYYY-MM`, or the current one. */
export function monthPeriod(month: string | undefined, now = new Date()) {
  if (!month) return usagePeriod(now);
  const [year, index] = month.split('-').map(Number) as [number, number];
  return usagePeriod(new Date(Date.UTC(year, index - 1, 1)));
}

/** Every user's AI use in a month, most tokens first: one grouped query. */
export async function listUsageByUser(options: {
  db: Database;
  month?: string | undefined;
}): Promise<AdminAiUsage> {
  const { start, end } = monthPeriod(options.month);
  const tokens = sql<number>`sum(${aiUsage.inputTokens} + ${aiUsage.outputTokens})::int`;
  const rows = await options.db
    .select({
      userId: users.id,
      email: users.email,
      plan: users.subscriptionPlan,
      inputTokens: sql<number>`sum(${aiUsage.inputTokens})::int`,
      outputTokens: sql<number>`sum(${aiUsage.outputTokens})::int`,
      tokensUsed: tokens,
      requests: sql<number>`count(*)::int`,
      lastUsedAt: sql<string>`max(${aiUsage.createdAt})`,
    })
    .from(aiUsage)
    .innerJoin(users, eq(users.id, aiUsage.userId))
    .where(and(gte(aiUsage.createdAt, start), lt(aiUsage.createdAt, end)))
    .groupBy(users.id)
    .orderBy(desc(tokens), users.email);
  const sum = (pick: (row: (typeof rows)[number]) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  return {
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
    totals: {
      inputTokens: sum((row) => row.inputTokens),
      outputTokens: sum((row) => row.outputTokens),
      requests: sum((row) => row.requests),
      users: rows.length,
    },
    users: rows.map((row) => ({
      ...row,
      tokenAllowance: PLANS[row.plan].aiTokensPerMonth,
      lastUsedAt: new Date(row.lastUsedAt).toISOString(),
    })),
  };
}
