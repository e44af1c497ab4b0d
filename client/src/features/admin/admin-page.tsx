import type { AdminUser } from '@kiln/shared';
import { ArrowLeft } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'wouter';
import { ThemeToggle } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useAuth } from '../../lib/session';
import { paidSubscriptions } from './admin-model';
import { useAdminAnalytics, useAdminUsers } from './api';
import { AdminBadge } from './badges';
import { DeleteUserDialog } from './delete-user-dialog';
import { AiUsageTab } from './ai-usage-tab';
import { AuditLogTab } from './audit-log-tab';
import { EditUserDialog } from './edit-user-dialog';
import { LoadError, RowsSkeleton } from './load-states';
import { OverviewSkeleton, OverviewTab } from './overview-tab';
import { SubscriptionsTab } from './subscriptions-tab';
import { UsersTab } from './users-tab';

const TABS = ['dashboard', 'users', 'subscriptions', 'ai-usage', 'audit-log'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/** The administrator portal (its rules: decision 0009). The route lets only administrators in. */
export default function AdminPage() {
  const { user } = useAuth();
  const analytics = useAdminAnalytics();
  const users = useAdminUsers();
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const subscriptions = useMemo(() => paidSubscriptions(users.data ?? []), [users.data]);

  // The open tab lives in the URL, so a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'dashboard';
  const selectTab = (next: string) =>
    setParams(next === 'dashboard' ? {} : { tab: next }, { replace: true });

  if (!user) return null;

  const usersPanel = (content: (list: AdminUser[]) => ReactNode) =>
    users.isPending ? (
      <RowsSkeleton rows={5} label="Loading users" />
    ) : users.isError ? (
      <LoadError what="users" message={users.error.message} onRetry={() => void users.refetch()} />
    ) : users.data.length === 0 ? (
      <p className="text-muted-foreground py-12 text-center text-sm">No users found</p>
    ) : (
      content(users.data)
    );

  return (
    <div className="min-h-dvh">
      <header className="bg-background/80 sticky top-0 z-40 border-b backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-3">
          <Button asChild variant="ghost" size="icon" aria-label="Back to dashboard">
            <Link href="/dashboard">
              <ArrowLeft />
            </Link>
          </Button>
          <h1 className="truncate text-lg font-semibold tracking-tight sm:text-xl">Admin Portal</h1>
          <AdminBadge label="Administrator" />
          <div className="ml-auto">
            <ThemeToggle />
          </div>
        </div>
      </header>

      <main className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
        <Tabs value={tab} onValueChange={selectTab}>
          <TabsList className="w-full justify-start overflow-x-auto sm:w-auto">
            <TabsTrigger value="dashboard">Dashboard</TabsTrigger>
            <TabsTrigger value="users">Users</TabsTrigger>
            <TabsTrigger value="subscriptions">Subscriptions</TabsTrigger>
            <TabsTrigger value="ai-usage" className="whitespace-nowrap">
              AI Usage
            </TabsTrigger>
            <TabsTrigger value="audit-log" className="whitespace-nowrap">
              Audit log
            </TabsTrigger>
          </TabsList>

          <TabsContent value="dashboard" className="mt-6">
            {analytics.isPending ? (
              <OverviewSkeleton />
            ) : analytics.isError ? (
              <LoadError
                what="analytics"
                message={analytics.error.message}
                onRetry={() => void analytics.refetch()}
              />
            ) : (
              <OverviewTab analytics={analytics.data} />
            )}
          </TabsContent>

          <TabsContent value="users" className="mt-6">
            {usersPanel((list) => (
              <UsersTab
                users={list}
                currentUserId={user.id}
                onEdit={setEditing}
                onDelete={setDeleting}
              />
            ))}
          </TabsContent>

          <TabsContent value="subscriptions" className="mt-6">
            {usersPanel(() => (
              <SubscriptionsTab
                subscriptions={subscriptions}
                currentUserId={user.id}
                onManage={setEditing}
              />
            ))}
          </TabsContent>

          <TabsContent value="ai-usage" className="mt-6">
            <AiUsageTab />
          </TabsContent>

          <TabsContent value="audit-log" className="mt-6">
            <AuditLogTab />
          </TabsContent>
        </Tabs>
      </main>

      <EditUserDialog user={editing} currentUserId={user.id} onClose={() => setEditing(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
