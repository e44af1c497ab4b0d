import { DEFAULT_GIT_BRANCH, type GitConnection } from '@kiln/shared';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FieldError, Input, Label } from '../../components/ui/input';
import { useGitRepos } from './api/list-git-repos';
import { RepoPicker } from './repo-picker';
import { namesAddress, repoTargetOf, type RepoTarget, type RepoTargetFields } from './repo-target';

export const EMPTY_REPO_FIELDS: RepoTargetFields = { owner: '', repo: '', branch: '' };

/**
 * Names a repository and branch for Link and Import: picked from the connected account's
 * repositories when the host lists them, or typed (owner and name, owner/name, or an address).
 */
export function RepoTargetForm({
  connection,
  fields,
  onFieldsChange,
  onSubmit,
  children,
}: {
  connection: GitConnection | undefined;
  fields: RepoTargetFields;
  onFieldsChange: (fields: RepoTargetFields) => void;
  onSubmit: (target: RepoTarget) => void;
  /** The form's buttons. */
  children: ReactNode;
}) {
  const lists = Boolean(connection?.connected && connection.listsRepositories);
  const repos = useGitRepos(lists);
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  const byAddress = namesAddress(fields);
  const set = (change: Partial<RepoTargetFields>) => {
    setError(undefined);
    onFieldsChange({ ...fields, ...change });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = repoTargetOf(fields);
    if (parsed.error !== undefined) {
      setError(parsed.error);
      return;
    }
    onSubmit(parsed.target);
  };
  const selected = byAddress ? null : `${fields.owner.trim()}/${fields.repo.trim()}`;

  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      {lists && (
        <RepoPicker
          repos={repos.data ?? []}
          loading={repos.isPending}
          error={repos.error}
          selected={selected}
          onPick={(repo) => set({ owner: repo.owner, repo: repo.name, branch: repo.defaultBranch })}
        />
      )}
      <div className="grid gap-3 sm:grid-cols-[1fr_1.4fr_1fr]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-owner`}>Owner</Label>
          <Input
            id={`${id}-owner`}
            value={byAddress ? '' : fields.owner}
            disabled={byAddress}
            placeholder={byAddress ? 'From the address' : (connection?.account ?? 'owner')}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => set({ owner: event.target.value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-repo`}>Repository</Label>
          <Input
            id={`${id}-repo`}
            value={fields.repo}
            placeholder="name, owner/name or its address"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => set({ repo: event.target.value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-branch`}>Branch</Label>
          <Input
            id={`${id}-branch`}
            value={fields.branch}
            placeholder={DEFAULT_GIT_BRANCH}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => set({ branch: event.target.value })}
          />
        </div>
      </div>
      <FieldError id={`${id}-error`} message={error} />
      {children}
    </form>
  );
}
