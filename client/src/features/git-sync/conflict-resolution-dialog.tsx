import type { GitConflict } from '@kiln/shared';
import { Check, ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Label, Textarea } from '../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { cn } from '../../lib/cn';
import { useResolveConflicts } from './api/resolve-conflicts';
import { ConflictSidePane } from './conflict-side';
import {
  chooseSide,
  editResolution,
  finishBlocker,
  goToConflict,
  isResolved,
  resolutionsOf,
  startConflictSteps,
  type ConflictSide,
} from './conflict-steps';
import { gitFailureToast, gitSuccessToast } from './git-toasts';

type View = 'compare' | 'resolved';

/**
 * The conflicts of a pull, one at a time: both versions side by side, a choice of one (which
 * moves on to the next), the Resolved Version once chosen (editable, for a text file), and
 * Finish once every conflict has its resolution, which commits the merge and pushes it.
 */
export function ConflictResolutionDialog({
  projectId,
  open,
  conflicts,
  onClose,
  onResolved,
}: {
  projectId: string;
  open: boolean;
  conflicts: GitConflict[];
  /** Closed without finishing: the conflicts wait, and the next pull shows them again. */
  onClose: () => void;
  onResolved: () => void;
}) {
  const [steps, setSteps] = useState(() => startConflictSteps(conflicts));
  const [view, setView] = useState<View>('compare');
  const resolve = useResolveConflicts(projectId);
  const id = useId();
  const conflict = steps.conflicts[steps.current];
  const choice = steps.choices[steps.current] ?? null;
  const blocker = finishBlocker(steps);
  const total = steps.conflicts.length;

  const show = (index: number) => {
    setSteps((current) => goToConflict(current, index));
    setView('compare');
  };
  const choose = (side: ConflictSide) => {
    setSteps((current) => chooseSide(current, side));
    setView('compare');
  };
  const finish = () =>
    resolve.mutate(resolutionsOf(steps), {
      onSuccess: (result) => {
        gitSuccessToast('Conflicts Resolved', result.message);
        onResolved();
      },
      onError: (error) => gitFailureToast('resolve', error),
    });

  if (!conflict) return null;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle>Resolve Conflicts</DialogTitle>
          <DialogDescription>
            Conflict {steps.current + 1} of {total}:{' '}
            <code className="text-foreground break-all">{conflict.path}</code> changed here and on
            the branch. Choose the version to keep.
          </DialogDescription>
        </DialogHeader>

        <ol aria-label="Conflicted files" className="flex min-w-0 gap-1.5 overflow-x-auto pb-1">
          {steps.conflicts.map((entry, index) => {
            const resolved = isResolved(steps, index);
            return (
              <li key={entry.path} className="shrink-0">
                <button
                  type="button"
                  aria-current={index === steps.current ? 'step' : undefined}
                  onClick={() => show(index)}
                  className={cn(
                    'hover:bg-muted flex max-w-64 cursor-pointer items-center gap-1.5 rounded-md border px-2 py-1 font-mono text-xs',
                    index === steps.current && 'border-primary bg-muted',
                  )}
                >
                  {resolved ? (
                    <Check className="text-success size-3.5 shrink-0" aria-label="Resolved" />
                  ) : (
                    <span
                      className="bg-destructive size-2 shrink-0 rounded-full"
                      aria-label="Unresolved"
                    />
                  )}
                  <span className="truncate">{entry.path}</span>
                </button>
              </li>
            );
          })}
        </ol>

        <Tabs value={view} onValueChange={(next) => setView(next as View)} className="min-w-0">
          <TabsList>
            <TabsTrigger value="compare" className="whitespace-nowrap">
              Local and Remote
            </TabsTrigger>
            <TabsTrigger
              value="resolved"
              disabled={!choice}
              className="whitespace-nowrap disabled:cursor-not-allowed disabled:opacity-50"
            >
              Resolved Version
            </TabsTrigger>
          </TabsList>
          <TabsContent value="compare" className="grid gap-3 md:grid-cols-2">
            {(['local', 'remote'] as const).map((side) => (
              <ConflictSidePane
                key={side}
                conflict={conflict}
                side={side}
                chosen={choice?.side === side}
                onChoose={() => choose(side)}
              />
            ))}
          </TabsContent>
          <TabsContent value="resolved">
            {choice && (
              <div className="grid gap-1.5">
                {conflict.binary ? (
                  <p className="text-sm">The {choice.side} version of this binary file is kept.</p>
                ) : choice.content === null ? (
                  <p className="text-sm">
                    The {choice.side} side deleted {conflict.path}: it will be deleted.
                  </p>
                ) : (
                  <>
                    <Label htmlFor={`${id}-resolved`}>
                      {conflict.path}, from the {choice.side} version (edit it if both sides should
                      count)
                    </Label>
                    <Textarea
                      id={`${id}-resolved`}
                      value={choice.content}
                      spellCheck={false}
                      className="min-h-64 font-mono text-xs leading-relaxed"
                      onChange={(event) =>
                        setSteps((current) => editResolution(current, event.target.value))
                      }
                    />
                  </>
                )}
              </div>
            )}
          </TabsContent>
        </Tabs>

        <DialogFooter className="sm:items-center">
          <p
            role="status"
            className={cn('text-sm sm:mr-auto', blocker ? 'text-muted-foreground' : 'text-success')}
            data-testid="conflict-progress"
          >
            {blocker ?? `All ${total} conflict(s) resolved`}
          </p>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="icon"
              aria-label="Previous conflict"
              disabled={steps.current === 0}
              onClick={() => show(steps.current - 1)}
            >
              <ChevronLeft />
            </Button>
            <Button
              variant="outline"
              size="icon"
              aria-label="Next conflict"
              disabled={steps.current === total - 1}
              onClick={() => show(steps.current + 1)}
            >
              <ChevronRight />
            </Button>
          </div>
          <Button disabled={blocker !== null || resolve.isPending} onClick={finish}>
            {resolve.isPending ? 'Resolving...' : 'Finish'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
