import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import type { SaveConflict } from './use-autosave';

/**
 * A save based on an old version never overwrites: both sides are shown and the person chooses,
 * so no edit is lost (decision 0006).
 */
export function ConflictDialog({
  conflict,
  onResolve,
  onCloseAutoFocus,
}: {
  conflict: SaveConflict | null;
  onResolve: (choice: 'mine' | 'theirs') => void;
  /** Where focus goes when the dialog closes (use-focus-return.ts). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={conflict !== null}>
      <DialogContent
        className="max-w-4xl"
        onEscapeKeyDown={(event) => event.preventDefault()}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle>{conflict?.path} changed elsewhere</DialogTitle>
          <DialogDescription>
            Someone saved this file (perhaps you, in another tab) after you started editing. Choose
            which version to keep.
          </DialogDescription>
        </DialogHeader>
        <div className="grid min-h-0 gap-3 md:grid-cols-2">
          {(
            [
              ['Your version', conflict?.mine ?? ''],
              [
                `Saved version (v${conflict?.current.version ?? ''})`,
                conflict?.current.content ?? '',
              ],
            ] as const
          ).map(([title, text]) => (
            <section key={title} className="grid min-w-0 gap-1.5">
              <h3 className="text-sm font-medium">{title}</h3>
              <pre className="bg-muted h-72 overflow-auto rounded-md border p-3 font-mono text-xs whitespace-pre">
                {text}
              </pre>
            </section>
          ))}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => onResolve('theirs')}>
            Use the saved version
          </Button>
          <Button onClick={() => onResolve('mine')}>Keep my version</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
