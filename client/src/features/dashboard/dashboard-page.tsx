import { useAuth } from '../auth/use-auth';
import { DashboardHeader } from './dashboard-header';
import { SubscriptionCard } from './subscription-card';
import { VerifyEmailBanner } from './verify-email-banner';

export default function DashboardPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="min-h-dvh">
      <DashboardHeader />
      <main className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
        <VerifyEmailBanner />
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Your Projects</h1>
          <p className="text-muted-foreground mt-1">
            Welcome, {user.name ?? user.email.split('@')[0]}.
          </p>
        </div>
        <SubscriptionCard user={user} />
      </main>
    </div>
  );
}
