import type { GitConflict, Project } from '@kiln/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/toast-store';
import { projectQueryKey } from '../../lib/query-keys';
import { useGitConnection } from './api/get-git-connection';
import { useSyncStatus } from './api/get-sync-status';
import { usePullFromRemote } from './api/pull-from-remote';
import { usePushToRemote } from './api/push-to-remote';
import { ConflictResolutionDialog } from './conflict-resolution-dialog';
import { gitLinkOf } from './git-link';
import { gitFailureToast, gitSuccessToast } from './git-toasts';
import { HistoryTab } from './history-tab';
import { ImportTab } from './import-tab';
import { LinkTab } from './link-tab';
import { PushTab } from './push-tab';
import { SettingsTab } from './settings-tab';
import { pullSummary } from './sync-messages';
import { SyncTab } from './sync-tab';

const TABS = ['sync', 'import', 'link', 'push', 'settings', 'history'] as const;
type GitTab = (typeof TABS)[number];
const TAB_LABELS: Record<GitTab, string> = {
  sync: 'Sync',
  import: 'Import',
  link: 'Link',
  push: 'Push',
  settings: 'Settings',
  history: 'History',
};
/** Tabs that need a linked project. */
const LINKED_ONLY = new Set<GitTab>(['sync', 'push', 'settings', 'history']);

/**
 * The GitHub Integration dialog (any Git host, in fact): Sync, Import, Link, Push, Settings and
 * History, the linked-only ones unavailable until the project is linked. A pull that meets
 * conflicts hands over to the Conflict Resolution dialog, and coming back from it shows this
 * one again.
 */
export function GitHubDialog({
  projectId,
  open,
  onOpenChange,
  onFilesChanged,
  onBeforeSync,
  onCloseAutoFocus,
}: {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The project's files changed (a pull, an import, a branch switch, a resolution). */
  onFilesChanged: () => void;
  /** Saves unsaved edits, so an operation works on what the person sees. */
  onBeforeSync: () => Promise<unknown>;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const project = useQuery<Project>({ queryKey: projectQueryKey(projectId) });
  const link = gitLinkOf(project.data);
  const connection = useGitConnection(open);
  const [chosenTab, setChosenTab] = useState<GitTab | null>(null);
  const [conflicts, setConflicts] = useState<GitConflict[] | null>(null);
  const pull = usePullFromRemote(projectId);
  const push = usePushToRemote(projectId);
  // Polled while the dialog shows a linked project, whichever tab is open.
  const status = useSyncStatus(projectId, open && link !== null && conflicts === null);

  const tab: GitTab =
    chosenTab && (link || !LINKED_ONLY.has(chosenTab)) ? chosenTab : link ? 'sync' : 'link';
  const target = link ? `${link.owner}/${link.repo}` : '';
  const running = pull.isPending
    ? `Pulling from ${target}...`
    : push.isPending
      ? `Pushing to ${target}...`
      : null;

  const runPull = async () => {
    await onBeforeSync();
    pull.mutate(undefined, {
      onSuccess: (result) => {
        onFilesChanged();
        if (result.conflicts > 0) {
          toast({
            title: 'Pull completed with conflicts',
            description: `${result.conflicts} file(s) changed on both sides: choose which version to keep.`,
          });
          setConflicts(result.conflictedFiles);
          return;
        }
        gitSuccessToast('Pull complete', pullSummary(result));
      },
      onError: (error) => gitFailureToast('pull', error),
    });
  };

  const runPush = async (message: string) => {
    await onBeforeSync();
    push.mutate(message, {
      onSuccess: (result) => {
        gitSuccessToast('Pushed to GitHub', result.message);
        setChosenTab('sync');
      },
      onError: (error) => gitFailureToast('push', error),
    });
  };

  return (
    <>
      <Dialog open={open && conflicts === null} onOpenChange={onOpenChange}>
        <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogHeader>
            <DialogTitle>GitHub Integration</DialogTitle>
            <DialogDescription>
              {link
                ? `This project syncs with ${link.owner}/${link.repo}, branch ${link.branch}.`
                : 'Link this project to a repository, or import one, to sync, push and see its history.'}
            </DialogDescription>
          </DialogHeader>
          {/* min-w-0: the dialog's grid would otherwise widen to fit the six tabs on a phone. */}
          <Tabs
            value={tab}
            onValueChange={(next) => setChosenTab(next as GitTab)}
            className="min-w-0"
          >
            <TabsList className="flex w-full justify-start overflow-x-auto">
              {TABS.map((name) => (
                <TabsTrigger
                  key={name}
                  value={name}
                  disabled={!link && LINKED_ONLY.has(name)}
                  className="disabled:cursor-not-allowed disabled:opacity-50"
                >
                  {TAB_LABELS[name]}
                </TabsTrigger>
              ))}
            </TabsList>
            {link && (
              <TabsContent value="sync">
                <SyncTab
                  link={link}
                  status={status}
                  running={running}
                  onPull={() => void runPull()}
                  onGoToPush={() => setChosenTab('push')}
                />
              </TabsContent>
            )}
            <TabsContent value="import">
              <ImportTab
                projectId={projectId}
                connection={connection.data}
                onBeforeSync={onBeforeSync}
                onImported={() => {
                  onFilesChanged();
                  setChosenTab('sync');
                }}
              />
            </TabsContent>
            <TabsContent value="link">
              <LinkTab
                projectId={projectId}
                connection={connection.data}
                link={link}
                onLinked={() => setChosenTab('sync')}
              />
            </TabsContent>
            {link && (
              <>
                <TabsContent value="push">
                  <PushTab
                    link={link}
                    running={running}
                    onPush={(message) => void runPush(message)}
                  />
                </TabsContent>
                <TabsContent value="settings">
                  <SettingsTab
                    projectId={projectId}
                    link={link}
                    active={open && tab === 'settings'}
                    onFilesChanged={onFilesChanged}
                    onBeforeSync={onBeforeSync}
                  />
                </TabsContent>
                <TabsContent value="history">
                  <HistoryTab projectId={projectId} active={open && tab === 'history'} />
                </TabsContent>
              </>
            )}
          </Tabs>
        </DialogContent>
      </Dialog>
      {conflicts && (
        <ConflictResolutionDialog
          projectId={projectId}
          open={open}
          conflicts={conflicts}
          onClose={() => setConflicts(null)}
          onResolved={() => {
            onFilesChanged();
            setConflicts(null);
            setChosenTab('sync');
          }}
        />
      )}
    </>
  );
}
