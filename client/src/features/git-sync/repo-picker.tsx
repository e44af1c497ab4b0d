import type { GitRepo } from '@kiln/shared';
import { Check, Lock, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { messageOf } from '../../lib/api-error';

/** Matches owner/name and the description, ignoring case. */
export function filterRepos(repos: readonly GitRepo[], query: string): GitRepo[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...repos];
  return repos.filter(
    (repo) =>
      repo.fullName.toLowerCase().includes(needle) ||
      (repo.description ?? '').toLowerCase().includes(needle),
  );
}

/** The connected account's repositories, searchable; picking one fills the form below it. */
export function RepoPicker({
  repos,
  loading,
  error,
  selected,
  onPick,
}: {
  repos: readonly GitRepo[];
  loading: boolean;
  error: unknown;
  /** owner/name of the repository the form names, if it is one of these. */
  selected: string | null;
  onPick: (repo: GitRepo) => void;
}) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const shown = useMemo(() => filterRepos(repos, query), [repos, query]);
  if (loading) return <p className="text-muted-foreground text-sm">Loading repositories...</p>;
  if (error) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {messageOf(error, 'Failed to load repositories')}
      </p>
    );
  }
  if (repos.length === 0) {
    return (
      <p className="text-muted-foreground text-sm">
        The connected account has no repositories to list: type one below.
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      <div className="relative">
        <Search
          className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
          aria-hidden
        />
        <label htmlFor={searchId} className="sr-only">
          Search repositories
        </label>
        <Input
          id={searchId}
          type="search"
          value={query}
          placeholder="Search repositories..."
          className="pl-9"
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {shown.length === 0 ? (
        <p className="text-muted-foreground text-sm">No repository matches “{query.trim()}”.</p>
      ) : (
        <ul
          aria-label="Repositories"
          className="grid max-h-44 gap-1 overflow-y-auto rounded-lg border p-1"
        >
          {shown.map((repo) => {
            const active = repo.fullName === selected;
            return (
              <li key={repo.id}>
                <button
                  type="button"
                  aria-pressed={active}
                  onClick={() => onPick(repo)}
                  className={cn(
                    'hover:bg-muted flex w-full cursor-pointer items-start gap-2 rounded-md px-2 py-1.5 text-left text-sm',
                    active && 'bg-muted',
                  )}
                >
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span className="flex items-center gap-1.5 font-medium">
                      <span className="truncate">{repo.fullName}</span>
                      {repo.private && (
                        <Lock
                          className="text-muted-foreground size-3 shrink-0"
                          aria-label="Private"
                        />
                      )}
                    </span>
                    {repo.description && (
                      <span className="text-muted-foreground truncate text-xs">
                        {repo.description}
                      </span>
                    )}
                  </span>
                  {active && (
                    <Check className="text-primary-tint-foreground mt-0.5 size-4" aria-hidden />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
