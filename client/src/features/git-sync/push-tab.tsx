import { DEFAULT_PUSH_MESSAGE } from '@kiln/shared';
import { ArrowUpFromLine } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { FieldError, Label, Textarea } from '../../components/ui/input';
import type { GitLink } from './git-link';
import { SyncProgress } from './sync-progress';

/** The commit message of a push: required, 'Update from Kiln' unless changed. */
export function PushTab({
  link,
  running,
  onPush,
}: {
  link: GitLink;
  running: string | null;
  onPush: (message: string) => void;
}) {
  const [message, setMessage] = useState(DEFAULT_PUSH_MESSAGE);
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = message.trim();
    if (!trimmed) {
      setError('A commit message is required');
      return;
    }
    onPush(trimmed);
  };
  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      <p className="text-muted-foreground text-sm">
        Commits every change made here since the last sync to{' '}
        <span className="text-foreground font-medium">
          {link.owner}/{link.repo}
        </span>{' '}
        ({link.branch}) and pushes it. If the branch moved on, pull first: nothing is overwritten.
      </p>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-message`}>Commit message</Label>
        <Textarea
          id={`${id}-message`}
          value={message}
          rows={3}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setMessage(event.target.value);
            if (event.target.value.trim()) setError(undefined);
          }}
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
      {running && <SyncProgress label={running} />}
      <div>
        <Button type="submit" disabled={running !== null || !message.trim()}>
          <ArrowUpFromLine aria-hidden /> Push to {link.branch}
        </Button>
      </div>
    </form>
  );
}
