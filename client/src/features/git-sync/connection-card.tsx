import type { GitConnection } from '@kiln/shared';
import { CircleCheck, Unplug } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { messageOf } from '../../lib/api-error';
import { useDisconnectGitHost } from './api/disconnect-git-host';
import { formatSyncTime } from './sync-messages';

const KIND_NAMES: Record<NonNullable<GitConnection['kind']>, string> = {
  github: 'GitHub',
  gitea: 'Gitea or Forgejo',
  gitlab: 'GitLab',
  git: 'a Git server',
};

/** The connected host and account (never the token), and Disconnect. */
export function ConnectionCard({ connection }: { connection: GitConnection }) {
  const disconnect = useDisconnectGitHost();
  return (
    <section
      aria-label="Connected host"
      className="flex flex-wrap items-start gap-3 rounded-lg border p-4"
      data-testid="git-connection"
    >
      <CircleCheck className="text-success mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="grid min-w-0 flex-1 gap-1 text-sm">
        <p className="font-medium break-words">
          Connected to {connection.host}
          {connection.account ? ` as ${connection.account}` : ''}
        </p>
        <p className="text-muted-foreground">
          {connection.kind ? `${KIND_NAMES[connection.kind]}. ` : ''}
          {connection.listsRepositories
            ? 'Your repositories are listed when you link or import.'
            : 'Repositories are named by owner and name when you link or import.'}
          {connection.connectedAt ? ` Connected ${formatSyncTime(connection.connectedAt)}.` : ''}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={disconnect.isPending}
        onClick={() =>
          disconnect.mutate(undefined, {
            onSuccess: (message) => toast({ title: 'Git host disconnected', description: message }),
            onError: (error) =>
              toast({
                title: 'Disconnect failed',
                description: messageOf(error, 'Failed to disconnect the Git host'),
                variant: 'destructive',
              }),
          })
        }
      >
        <Unplug aria-hidden /> {disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
      </Button>
    </section>
  );
}
