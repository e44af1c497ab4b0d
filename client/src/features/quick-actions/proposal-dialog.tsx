import type * as Monaco from 'monaco-editor';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { QUICK_ACTION_INFO } from './catalog';
import { DiffView } from './diff-view';
import type { Proposal } from './use-quick-actions';

/**
 * A quick action's proposal, large enough to read: the model's explanation, then the file as
 * it is beside the file as proposed, with Apply and Discard. Loaded on first use, as its own
 * chunk (quick-actions-panel.tsx).
 */
export default function ProposalDialog({
  monaco,
  proposal,
  applying,
  error,
  stale,
  onApply,
  onDiscard,
}: {
  monaco: typeof Monaco;
  proposal: Proposal;
  applying: boolean;
  /** Why the last Apply did nothing, when it did nothing. */
  error: string | null;
  /** The file changed since the code was sent: this proposal no longer fits it. */
  stale: boolean;
  onApply: () => void;
  onDiscard: () => void;
}) {
  const info = QUICK_ACTION_INFO[proposal.action];
  const unchanged = proposal.proposed === proposal.original;
  const fileName = proposal.path.split('/').pop() ?? proposal.path;
  const problem = stale
    ? `${fileName} has changed since it was sent. Run ${info.label} again for the code as it is now.`
    : error;
  return (
    <Dialog open onOpenChange={(open) => !open && !applying && onDiscard()}>
      <DialogContent
        className="flex max-h-[92dvh] w-[calc(100%-1rem)] max-w-6xl flex-col gap-3 overflow-hidden p-4 outline-none sm:w-[calc(100%-2rem)] sm:p-6"
        // Escape or a click outside while applying would leave the change half-reported.
        // The dialog itself takes the focus, not the first side's code: Tab then goes on in it.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
        }}
        onEscapeKeyDown={(event) => applying && event.preventDefault()}
        onPointerDownOutside={(event) => applying && event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle className="truncate">
            {info.label}: {proposal.path}
          </DialogTitle>
          <DialogDescription>
            {proposal.scope} · proposed by {proposal.model}
          </DialogDescription>
        </DialogHeader>
        <section
          aria-label="Explanation"
          className="bg-muted/50 max-h-28 shrink-0 overflow-y-auto rounded-md border px-3 py-2 text-sm whitespace-pre-wrap"
        >
          {proposal.explanation || 'The model gave no explanation.'}
        </section>
        <div className="flex min-h-0 shrink flex-col overflow-hidden rounded-md border">
          <DiffView
            monaco={monaco}
            original={proposal.original}
            proposed={proposal.proposed}
            languageId={proposal.languageId}
          />
        </div>
        {problem ? (
          <p role="alert" className="text-destructive shrink-0 text-sm">
            {problem}
          </p>
        ) : (
          unchanged && (
            <p role="status" className="text-muted-foreground shrink-0 text-sm">
              The proposal is the same as the current code: there is nothing to apply.
            </p>
          )
        )}
        <DialogFooter className="shrink-0">
          <Button variant="outline" disabled={applying} onClick={onDiscard}>
            Discard
          </Button>
          <Button disabled={applying || stale || unchanged} onClick={onApply}>
            {applying ? 'Applying...' : 'Apply'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
