import { PROJECT_NAME_MAX } from '@kiln/shared';
import { Pencil } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { messageOf } from '../../../lib/api-error';
import { useUpdateProject } from '../../../features/projects';
import { renameDecision } from './project-rename';

/**
 * The project's name in the editor header, renamed in place: click it (or focus it and press
 * Enter), type, Enter saves, Esc cancels, and leaving the field saves as well. A name the server
 * refuses (one the user already has, say) keeps the field open with the server's own message.
 */
export function ProjectName({
  projectId,
  name,
  renamable = true,
}: {
  projectId: string;
  name: string;
  /** Only the owner renames a project; a member sees the name only. */
  renamable?: boolean;
}) {
  // Null while the name is only shown.
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const update = useUpdateProject();
  const nameButton = useRef<HTMLButtonElement>(null);
  // After Enter or Esc the keyboard goes back to the name, not to the page's body.
  const refocusName = useRef(false);
  const errorId = useId();

  useEffect(() => {
    if (draft !== null || !refocusName.current) return;
    refocusName.current = false;
    nameButton.current?.focus();
  }, [draft]);

  const finish = (refocus: boolean) => {
    refocusName.current = refocus;
    setDraft(null);
    setError(undefined);
  };

  const commit = (fromKeyboard: boolean) => {
    if (draft === null || update.isPending) return;
    const decision = renameDecision(draft, name);
    if (decision.kind === 'unchanged') return finish(fromKeyboard);
    if (decision.kind === 'invalid') return setError(decision.message);
    update.mutate(
      { id: projectId, changes: { name: decision.name } },
      {
        onSuccess: () => finish(fromKeyboard),
        onError: (failure) => setError(messageOf(failure, 'The project could not be renamed.')),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      finish(true);
    }
  };

  if (!renamable) {
    return <h1 className="min-w-0 truncate px-1.5 text-sm font-semibold">{name}</h1>;
  }
  if (draft === null) {
    return (
      <h1 className="min-w-0 truncate text-sm font-semibold">
        {name && (
          <button
            ref={nameButton}
            type="button"
            title="Rename project"
            onClick={() => setDraft(name)}
            className="hover:bg-muted focus-visible:ring-ring group inline-flex max-w-full items-center gap-1.5 rounded-md px-1.5 py-1 outline-none focus-visible:ring-2"
          >
            <span className="truncate">{name}</span>
            <Pencil
              className="text-muted-foreground size-3 shrink-0 opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
              aria-hidden
            />
          </button>
        )}
      </h1>
    );
  }

  return (
    <div className="relative min-w-0">
      <input
        aria-label="Project name"
        autoFocus
        value={draft}
        maxLength={PROJECT_NAME_MAX}
        readOnly={update.isPending}
        aria-busy={update.isPending}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(undefined);
        }}
        onKeyDown={onKeyDown}
        // Leaving the field saves, unless the name shown is one already refused: then the
        // person has moved on, and the old name stays.
        onBlur={() => (error ? finish(false) : commit(false))}
        className="border-input bg-background focus-visible:border-ring aria-invalid:border-destructive h-8 w-56 max-w-full rounded-md border px-2 text-sm font-semibold outline-none"
      />
      {error && (
        <p
          id={errorId}
          role="alert"
          className="bg-card text-destructive absolute top-full left-0 z-30 mt-1 w-max max-w-72 rounded-md border px-2.5 py-1.5 text-xs shadow-md"
        >
          {error}
        </p>
      )}
    </div>
  );
}
