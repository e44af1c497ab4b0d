import type { GitConnection } from '@kiln/shared';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { useLinkRepository } from './api/link-repository';
import type { GitLink } from './git-link';
import { gitFailureToast, gitSuccessToast } from './git-toasts';
import { NotConnectedNotice } from './not-connected-notice';
import { EMPTY_REPO_FIELDS, RepoTargetForm } from './repo-target-form';

/** Links the project to a repository's branch, keeping its files. */
export function LinkTab({
  projectId,
  connection,
  link,
  onLinked,
}: {
  projectId: string;
  connection: GitConnection | undefined;
  link: GitLink | null;
  onLinked: () => void;
}) {
  const [fields, setFields] = useState(EMPTY_REPO_FIELDS);
  const linking = useLinkRepository(projectId);
  return (
    <div className="grid gap-4">
      {connection && !connection.connected && (
        <NotConnectedNotice projectId={projectId}>
          A public repository can be linked to pull from it without one.
        </NotConnectedNotice>
      )}
      <p className="text-muted-foreground text-sm">
        {link
          ? `Linked to ${link.owner}/${link.repo} (${link.branch}). Linking another repository replaces the link; the files stay as they are.`
          : 'Linking keeps this project’s files as they are. The first pull merges the branch into them, and a push sends them to it.'}
      </p>
      <RepoTargetForm
        connection={connection}
        fields={fields}
        onFieldsChange={setFields}
        onSubmit={(target) =>
          // Not mutate's own callbacks: once linked, the dialog may move to its Sync tab and
          // unmount this one before they run, and the toast would never show.
          linking.mutateAsync(target).then(
            (message) => {
              gitSuccessToast('Repository linked', message);
              setFields(EMPTY_REPO_FIELDS);
              onLinked();
            },
            (error: unknown) => gitFailureToast('link', error),
          )
        }
      >
        <div>
          <Button type="submit" disabled={linking.isPending}>
            <Link2 aria-hidden /> {linking.isPending ? 'Linking...' : 'Link Repository'}
          </Button>
        </div>
      </RepoTargetForm>
    </div>
  );
}
