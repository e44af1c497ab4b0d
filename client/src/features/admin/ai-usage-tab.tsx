import type { AdminAiUsage } from '@kiln/shared';
import { Activity, Sparkles, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { compactTokens } from '../../lib/compact-tokens';
import { formatJoined } from './admin-model';
import { recentMonths } from './ai-usage-months';
import { useAdminAiUsage } from './ai-usage-query';
import { PlanBadge } from './badges';
import { StatCard } from './overview-tab';

const number = new Intl.NumberFormat('en-GB');

/** The AI Usage tab: a month's AI tokens and requests per user, against each plan's allowance. */
export function AiUsageTab() {
  const months = recentMonths();
  const [month, setMonth] = useState(months[0]?.value ?? '');
  const usage = useAdminAiUsage(month);
  const pickerId = useId();
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">AI usage</h2>
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={pickerId} className="text-muted-foreground">
            Month
          </label>
          <select
            id={pickerId}
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            className="bg-background focus-visible:ring-ring h-9 rounded-md border px-2 focus-visible:ring-2 focus-visible:outline-none"
          >
            {months.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {usage.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : usage.isError ? (
        <div
          role="alert"
          className="text-muted-foreground rounded-xl border border-dashed px-6 py-12 text-center text-sm"
        >
          <p className="text-foreground font-medium">Could not load the AI usage</p>
          <p>{usage.error.message}</p>
          <button type="button" className="underline" onClick={() => void usage.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <UsageReport usage={usage.data} />
      )}
    </div>
  );
}

function UsageReport({ usage }: { usage: AdminAiUsage }) {
  const { totals } = usage;
  return (
    <>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <StatCard
          icon={Sparkles}
          label="Tokens"
          value={compactTokens(totals.inputTokens + totals.outputTokens)}
          note={`${compactTokens(totals.inputTokens)} in, ${compactTokens(totals.outputTokens)} out`}
        />
        <StatCard
          icon={Activity}
          label="Requests"
          value={number.format(totals.requests)}
          note="Chat, agent and generation calls"
        />
        <StatCard
          icon={Users}
          label="Users"
          value={number.format(totals.users)}
          note="Who used the AI in the month"
        />
      </div>
      {usage.users.length === 0 ? (
        <p className="text-muted-foreground rounded-xl border border-dashed px-6 py-12 text-center text-sm">
          No AI usage in this month.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-xl border">
          <table className="w-full text-sm">
            <caption className="sr-only">AI usage per user</caption>
            <thead className="bg-muted/50 text-muted-foreground text-left text-xs">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Email
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Plan
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Tokens used
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Requests
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Last used
                </th>
              </tr>
            </thead>
            <tbody>
              {usage.users.map((row) => (
                <tr key={row.userId} className="border-t" data-testid="ai-usage-row">
                  <td className="max-w-64 truncate px-4 py-2 font-medium" title={row.email}>
                    {row.email}
                  </td>
                  <td className="px-4 py-2">
                    <PlanBadge plan={row.plan} />
                  </td>
                  <td className="px-4 py-2">
                    <Allowance used={row.tokensUsed} allowance={row.tokenAllowance} />
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums">
                    {number.format(row.requests)}
                  </td>
                  <td className="text-muted-foreground px-4 py-2">
                    {formatJoined(row.lastUsedAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** "12.3k of 500k" with a bar, or "12.3k (unlimited)". */
function Allowance({ used, allowance }: { used: number; allowance: number | null }) {
  if (allowance === null) {
    return (
      <span className="tabular-nums">
        {compactTokens(used)} <span className="text-muted-foreground">(unlimited)</span>
      </span>
    );
  }
  const share = Math.min(1, used / allowance);
  return (
    <div className="grid min-w-36 gap-1">
      <span className="tabular-nums">
        {compactTokens(used)}{' '}
        <span className="text-muted-foreground">of {compactTokens(allowance)}</span>
      </span>
      <div
        className="bg-muted h-1.5 overflow-hidden rounded-full"
        role="meter"
        aria-label="Share of the monthly allowance"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
      >
        <div
          className={cn('h-full rounded-full', share >= 0.9 ? 'bg-destructive' : 'bg-primary')}
          style={{ width: `${share * 100}%` }}
        />
      </div>
    </div>
  );
}
