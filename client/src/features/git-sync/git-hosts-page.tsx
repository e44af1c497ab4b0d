import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'wouter';
import { ThemeToggle } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { messageOf } from '../../lib/api-error';
import { useGitConnection } from './api/get-git-connection';
import { ConnectHostForm } from './connect-host-form';
import { ConnectionCard } from './connection-card';
import { gitHostsPath, returnToOf } from './git-hosts-path';

/**
 * Settings, Git hosts: the person's connection to GitHub or another Git host, which Git sync
 * uses to list repositories, link private ones and push.
 */
export default function GitHostsPage() {
  const connection = useGitConnection();
  const [params, setParams] = useSearchParams();
  const returnTo = returnToOf(params);
  const outcome = params.get('github');

  // Back from signing in with GitHub: say how it went once, then drop the word from the address.
  useEffect(() => {
    if (outcome !== 'connected' && outcome !== 'error') return;
    if (outcome === 'connected') {
      toast({
        title: 'Git host connected',
        description: 'Connected to GitHub.',
        variant: 'success',
      });
    } else {
      toast({
        title: 'Connection failed',
        description: 'GitHub did not grant access; try again or paste a token.',
        variant: 'destructive',
      });
    }
    setParams(returnTo ? { returnTo } : {}, { replace: true });
  }, [outcome, returnTo, setParams]);

  const back = returnTo ?? '/dashboard';
  const oauthStartUrl = `/api/github/oauth/start?returnTo=${encodeURIComponent(
    gitHostsPath(returnTo ?? undefined),
  )}`;

  return (
    <div className="min-h-dvh">
      <header className="bg-background/80 sticky top-0 z-40 border-b backdrop-blur">
        <div className="mx-auto flex h-16 max-w-3xl items-center gap-2 px-4 sm:gap-3">
          <Button
            asChild
            variant="ghost"
            size="icon"
            aria-label={returnTo ? 'Back to the editor' : 'Back to dashboard'}
          >
            <Link href={back}>
              <ArrowLeft />
            </Link>
          </Button>
          <h1 className="truncate text-lg font-semibold tracking-tight sm:text-xl">Git hosts</h1>
          <div className="ml-auto">
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main className="mx-auto grid max-w-3xl gap-6 px-4 py-6 sm:py-8">
        <p className="text-muted-foreground text-sm">
          Connect GitHub or another Git host to link your projects to its repositories, push and
          pull. One connection serves all your projects; a public repository can be imported without
          one.
        </p>
        {connection.isPending ? (
          <Skeleton className="h-24 rounded-lg" aria-label="Loading the connection" />
        ) : connection.isError ? (
          <div role="alert" className="grid gap-2 text-sm">
            <p className="text-destructive">
              {messageOf(connection.error, 'Failed to load the connection')}
            </p>
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => void connection.refetch()}
            >
              Try again
            </Button>
          </div>
        ) : (
          <>
            {connection.data.connected ? (
              <ConnectionCard connection={connection.data} />
            ) : (
              <p
                className="rounded-lg border border-dashed p-4 text-sm"
                data-testid="git-connection"
              >
                No Git host is connected.
              </p>
            )}
            <div className="rounded-xl border p-4 sm:p-6">
              <ConnectHostForm
                oauthAvailable={connection.data.oauthAvailable}
                oauthStartUrl={oauthStartUrl}
                replacing={connection.data.connected}
              />
            </div>
            {returnTo && connection.data.connected && (
              <Button asChild variant="outline" className="justify-self-start">
                <Link href={returnTo}>Back to the editor</Link>
              </Button>
            )}
          </>
        )}
      </main>
    </div>
  );
}
