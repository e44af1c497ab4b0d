import { AUTO_PUSH_DELAY_MS, GIT_SYNC_INTERVALS } from '@kiln/shared';
import { Switch } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input, Label, Select } from '../../components/ui/input';
import { messageOf } from '../../lib/api-error';
import { useBranches } from './api/list-branches';
import { useSwitchBranch } from './api/switch-branch';
import { useUpdateSyncSettings } from './api/update-sync-settings';
import type { GitLink } from './git-link';
import { gitFailureToast, gitSuccessToast } from './git-toasts';
import { syncIntervalLabel } from './sync-messages';

/** Auto-sync, the sync interval, and the branch the project follows. */
export function SettingsTab({
  projectId,
  link,
  active,
  onFilesChanged,
  onBeforeSync,
}: {
  projectId: string;
  link: GitLink;
  active: boolean;
  onFilesChanged: () => void;
  onBeforeSync: () => Promise<unknown>;
}) {
  const id = useId();
  const settings = useUpdateSyncSettings(projectId);
  const save = (input: { autoSyncEnabled?: boolean; syncInterval?: number }) =>
    settings.mutate(input, {
      onSuccess: (answer) => gitSuccessToast('Settings updated', answer.message),
      onError: (error) => gitFailureToast('settings', error),
    });
  // What was just chosen shows at once; the project, read again after, has the last word.
  const pending = settings.isPending ? settings.variables : undefined;
  const autoSync = pending?.autoSyncEnabled ?? link.autoSyncEnabled;
  const interval = pending?.syncInterval ?? link.syncInterval;

  return (
    <div className="grid gap-5">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-auto`}>Auto-sync</Label>
          <p id={`${id}-auto-note`} className="text-muted-foreground text-sm">
            Pushes {AUTO_PUSH_DELAY_MS / 1000} seconds after you save, and takes new commits from
            the branch every sync interval when nothing changed here.
          </p>
        </div>
        <Switch.Root
          id={`${id}-auto`}
          checked={autoSync}
          disabled={settings.isPending}
          aria-describedby={`${id}-auto-note`}
          onCheckedChange={(checked) => save({ autoSyncEnabled: checked })}
          className="bg-input data-[state=checked]:bg-primary relative mt-1 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-50"
        >
          <Switch.Thumb className="bg-background block size-5 translate-x-0.5 rounded-full shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
        </Switch.Root>
      </div>

      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-interval`}>Sync interval</Label>
        <Select
          id={`${id}-interval`}
          value={interval}
          disabled={settings.isPending}
          onChange={(event) => save({ syncInterval: Number(event.target.value) })}
        >
          {GIT_SYNC_INTERVALS.map((interval) => (
            <option key={interval} value={interval}>
              {syncIntervalLabel(interval)}
            </option>
          ))}
        </Select>
      </div>

      <BranchSwitcher
        projectId={projectId}
        link={link}
        active={active}
        onFilesChanged={onFilesChanged}
        onBeforeSync={onBeforeSync}
      />
    </div>
  );
}

/** The remote's branches (protected ones marked), or a new name the next push creates. */
function BranchSwitcher({
  projectId,
  link,
  active,
  onFilesChanged,
  onBeforeSync,
}: {
  projectId: string;
  link: GitLink;
  active: boolean;
  onFilesChanged: () => void;
  onBeforeSync: () => Promise<unknown>;
}) {
  const id = useId();
  const branches = useBranches(projectId, active);
  const switching = useSwitchBranch(projectId);
  const [picked, setPicked] = useState<string | null>(null);
  const [newBranch, setNewBranch] = useState('');
  const current = branches.data?.currentBranch ?? link.branch;
  const target = newBranch.trim() || (picked ?? current);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Unsaved edits are changes here too: saved first, so the switch carries them.
    await onBeforeSync();
    switching.mutate(target, {
      onSuccess: (message) => {
        gitSuccessToast('Branch switched', message);
        setPicked(null);
        setNewBranch('');
        onFilesChanged();
      },
      onError: (error) => gitFailureToast('switch', error),
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-3" noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-branch`}>Branch</Label>
        {branches.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {messageOf(branches.error, 'Failed to load branches')}
          </p>
        ) : (
          <Select
            id={`${id}-branch`}
            value={picked ?? current}
            disabled={branches.isPending || newBranch.trim() !== ''}
            onChange={(event) => setPicked(event.target.value)}
          >
            {(branches.data?.branches ?? [{ name: current, protected: false }]).map((branch) => (
              <option key={branch.name} value={branch.name}>
                {branch.name}
                {branch.protected ? ' (protected)' : ''}
                {branch.name === current ? ' (current)' : ''}
              </option>
            ))}
          </Select>
        )}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-new`}>Or a new branch</Label>
        <Input
          id={`${id}-new`}
          value={newBranch}
          placeholder="feature/my-change"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-new-note`}
          onChange={(event) => setNewBranch(event.target.value)}
        />
        <p id={`${id}-new-note`} className="text-muted-foreground text-xs">
          Your next push creates it on the remote.
        </p>
      </div>
      <div>
        <Button
          type="submit"
          variant="outline"
          disabled={switching.isPending || target === current}
        >
          {switching.isPending ? 'Switching...' : `Switch to ${target}`}
        </Button>
      </div>
    </form>
  );
}
