import {
  monthlyValueGbp,
  PLANS,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_STATUSES,
  type AdminAnalytics,
  type SubscriptionPlan,
  type SubscriptionStatus,
} from '@kiln/shared';
import { CreditCard, FolderKanban, PoundSterling, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { formatGbp } from '../../lib/money';
import { formatJoined, STATUS_LABELS, totalMonthlyRevenue } from './admin-model';
import { PlanBadge } from './badges';

const number = new Intl.NumberFormat('en-GB');

const PLAN_BARS: Record<SubscriptionPlan, string> = {
  free: 'bg-muted-foreground/40',
  pro: 'bg-primary',
  enterprise: 'bg-violet-500',
};

const STATUS_BARS: Record<SubscriptionStatus, string> = {
  free: 'bg-muted-foreground/40',
  active: 'bg-success',
  canceled: 'bg-destructive',
};

/** The portal's Dashboard tab: four figures, the plan and status breakdowns, recent users. */
export function OverviewTab({ analytics }: { analytics: AdminAnalytics }) {
  const revenue = totalMonthlyRevenue(analytics);
  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          icon={Users}
          label="Total Users"
          value={number.format(analytics.totalUsers)}
          note={`${number.format(analytics.statusBreakdown.active)} with an active status`}
        />
        <StatCard
          icon={FolderKanban}
          label="Total Projects"
          value={number.format(analytics.totalProjects)}
          note="Across every account"
        />
        <StatCard
          icon={CreditCard}
          label="Active Subscriptions"
          value={number.format(analytics.activeSubscriptions)}
          note="Pro and Enterprise, active"
        />
        <StatCard
          icon={PoundSterling}
          label="Monthly Revenue"
          value={formatGbp(revenue)}
          note={`Pro ${formatGbp(analytics.monthlyRevenue.pro)} · Enterprise ${formatGbp(analytics.monthlyRevenue.enterprise)}`}
        />
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Panel title="Subscription Plans" description="Users on each plan">
          <BreakdownList
            total={analytics.totalUsers}
            rows={SUBSCRIPTION_PLANS.map((plan) => ({
              key: plan,
              label: PLANS[plan].name,
              detail: plan === 'free' ? undefined : `${formatGbp(monthlyValueGbp(plan))}/mo`,
              count: analytics.subscriptionBreakdown[plan],
              barClass: PLAN_BARS[plan],
            }))}
          />
        </Panel>
        <Panel title="Subscription Status" description="Users by billing status">
          <BreakdownList
            total={analytics.totalUsers}
            rows={SUBSCRIPTION_STATUSES.map((status) => ({
              key: status,
              label: STATUS_LABELS[status],
              count: analytics.statusBreakdown[status],
              barClass: STATUS_BARS[status],
            }))}
          />
        </Panel>
        <Panel title="Recent Users" description="The newest accounts">
          {analytics.recentUsers.length === 0 ? (
            <p className="text-muted-foreground text-sm">No users yet</p>
          ) : (
            <ul className="divide-y" data-testid="recent-users">
              {analytics.recentUsers.map((user) => (
                <li key={user.id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium" title={user.email}>
                      {user.email}
                    </p>
                    <p className="text-muted-foreground text-xs">
                      Joined <time dateTime={user.createdAt}>{formatJoined(user.createdAt)}</time>
                    </p>
                  </div>
                  <PlanBadge plan={user.subscriptionPlan} />
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}

function Panel({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function StatCard({
  icon: Icon,
  label,
  value,
  note,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  note: string;
}) {
  return (
    <Card className="grid gap-2 p-5" role="group" aria-label={label}>
      <div className="text-muted-foreground flex items-center justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="bg-accent text-accent-foreground inline-flex size-8 items-center justify-center rounded-lg">
          <Icon className="size-4" aria-hidden />
        </span>
      </div>
      <p className="text-3xl font-bold tracking-tight tabular-nums" data-testid="stat-value">
        {value}
      </p>
      <p className="text-muted-foreground truncate text-xs" title={note}>
        {note}
      </p>
    </Card>
  );
}

interface BreakdownRow {
  key: string;
  label: string;
  detail?: string | undefined;
  count: number;
  barClass: string;
}

function BreakdownList({ rows, total }: { rows: BreakdownRow[]; total: number }) {
  return (
    <ul className="grid gap-4">
      {rows.map((row) => (
        <li key={row.key} className="grid gap-1.5" aria-label={`${row.label}: ${row.count}`}>
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span className="font-medium">
              {row.label}
              {row.detail && (
                <span className="text-muted-foreground font-normal"> at {row.detail}</span>
              )}
            </span>
            <span className="font-semibold tabular-nums">{number.format(row.count)}</span>
          </div>
          <div className="bg-muted h-2 overflow-hidden rounded-full" aria-hidden>
            <div
              className={cn('h-full rounded-full', row.barClass)}
              style={{ width: `${total === 0 ? 0 : (row.count / total) * 100}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The Dashboard tab's shape while the figures load, so the page does not jump. */
export function OverviewSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading analytics">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-32 rounded-xl" />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-64 rounded-xl" />
        ))}
      </div>
    </div>
  );
}
