import type { GitConflict } from '@kiln/shared';
import { Check } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import type { ConflictSide } from './conflict-steps';

const SIDES: Record<ConflictSide, { title: string; absent: string; choose: string }> = {
  local: { title: 'Local (this project)', absent: 'Deleted in this project.', choose: 'Use local' },
  remote: { title: 'Remote (the branch)', absent: 'Deleted on the branch.', choose: 'Use remote' },
};

/** One side of a conflict: its text (or that it was deleted, or is binary) and its choice. */
export function ConflictSidePane({
  conflict,
  side,
  chosen,
  onChoose,
}: {
  conflict: GitConflict;
  side: ConflictSide;
  chosen: boolean;
  onChoose: () => void;
}) {
  const { title, absent, choose } = SIDES[side];
  const content = side === 'local' ? conflict.localContent : conflict.remoteContent;
  return (
    <section
      aria-label={title}
      className={cn(
        'flex min-w-0 flex-col overflow-hidden rounded-lg border',
        chosen && 'border-primary',
      )}
    >
      <header className="bg-muted/60 flex items-center gap-2 border-b px-3 py-2">
        <h3 className="min-w-0 flex-1 truncate text-sm font-medium">{title}</h3>
        <Button size="sm" variant={chosen ? 'default' : 'outline'} onClick={onChoose}>
          {chosen && <Check aria-hidden />} {choose}
        </Button>
      </header>
      {conflict.binary ? (
        <p className="text-muted-foreground p-3 text-sm">
          A binary file: its content cannot be shown. Choose the side to keep.
        </p>
      ) : content === null ? (
        <p className="text-muted-foreground p-3 text-sm italic">{absent}</p>
      ) : (
        <pre
          tabIndex={0}
          aria-label={`${title}: ${conflict.path}`}
          className="max-h-[45vh] min-h-24 flex-1 overflow-auto p-3 font-mono text-xs leading-relaxed whitespace-pre"
        >
          {content}
        </pre>
      )}
    </section>
  );
}
