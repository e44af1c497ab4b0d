import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { gitHostsPath } from './git-hosts-path';
import { SyncAlert } from './sync-alert';

/** Said where a connection would help: what it gives, and where to make one. */
export function NotConnectedNotice({
  projectId,
  children,
}: {
  projectId: string;
  /** What still works without one. */
  children?: string;
}) {
  return (
    <SyncAlert tone="info" title="No Git host connected">
      <p>
        Connect GitHub or another Git host to list your repositories, link private ones and push.
        {children ? ` ${children}` : ''}
      </p>
      <Button asChild variant="outline" size="sm" className="mt-2">
        <Link href={gitHostsPath(`/editor/${projectId}`)}>Connect a Git host</Link>
      </Button>
    </SyncAlert>
  );
}
