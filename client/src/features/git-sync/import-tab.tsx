import type { GitConnection } from '@kiln/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { useImportRepository } from './api/import-repository';
import { gitFailureToast, gitSuccessToast } from './git-toasts';
import { NotConnectedNotice } from './not-connected-notice';
import type { RepoTarget } from './repo-target';
import { EMPTY_REPO_FIELDS, RepoTargetForm } from './repo-target-form';
import { SyncAlert } from './sync-alert';
import { importSummary } from './sync-messages';
import { SyncProgress } from './sync-progress';

const describeTarget = (target: RepoTarget) =>
  `${target.url ?? `${target.owner}/${target.repo}`} (${target.branch ?? 'main'})`;

/**
 * Makes the project's files a branch's and links the project to it. It replaces files, so it
 * asks first.
 */
export function ImportTab({
  projectId,
  connection,
  onBeforeSync,
  onImported,
}: {
  projectId: string;
  connection: GitConnection | undefined;
  onBeforeSync: () => Promise<unknown>;
  onImported: () => void;
}) {
  const [fields, setFields] = useState(EMPTY_REPO_FIELDS);
  const [confirming, setConfirming] = useState<RepoTarget | null>(null);
  const importing = useImportRepository(projectId);

  const run = async (target: RepoTarget) => {
    // An unsaved edit would be saved over the imported file afterwards.
    await onBeforeSync();
    // Not mutate's own callbacks: an import links the project, and the dialog may move to its
    // Sync tab and unmount this one before they run.
    await importing.mutateAsync(target).then(
      (result) => {
        gitSuccessToast('Repository imported', importSummary(result));
        setConfirming(null);
        setFields(EMPTY_REPO_FIELDS);
        onImported();
      },
      (error: unknown) => {
        setConfirming(null);
        gitFailureToast('import', error);
      },
    );
  };

  return (
    <div className="grid gap-4">
      {connection && !connection.connected && (
        <NotConnectedNotice projectId={projectId}>
          A public repository can still be imported by its address.
        </NotConnectedNotice>
      )}
      <RepoTargetForm
        connection={connection}
        fields={fields}
        onFieldsChange={(next) => {
          setConfirming(null);
          setFields(next);
        }}
        onSubmit={setConfirming}
      >
        {importing.isPending ? (
          <SyncProgress
            label={`Importing ${confirming ? describeTarget(confirming) : 'the repository'}...`}
          />
        ) : confirming ? (
          <SyncAlert tone="warning" title="Replace this project’s files?">
            <p>
              The files become those of {describeTarget(confirming)}: files the branch does not have
              are deleted, and the project is linked to it.
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button size="sm" onClick={() => void run(confirming)}>
                Replace files
              </Button>
              <Button size="sm" variant="outline" onClick={() => setConfirming(null)}>
                Cancel
              </Button>
            </div>
          </SyncAlert>
        ) : (
          <div>
            <Button type="submit">
              <Download aria-hidden /> Import Repository
            </Button>
          </div>
        )}
      </RepoTargetForm>
    </div>
  );
}
