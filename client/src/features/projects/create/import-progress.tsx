import { CircleAlert, LoaderCircle, X } from 'lucide-react';
import { importStatusText, type ImportState } from './import-state';

/**
 * A direct import's progress: what is happening and the file count, announced politely as it
 * changes, with a bar while bytes go up; a failure says why and can be dismissed.
 */
export function ImportProgress({
  state,
  onDismiss,
}: {
  state: ImportState;
  onDismiss: () => void;
}) {
  const text = importStatusText(state);
  if (state.phase === 'failed') {
    return (
      <div
        role="alert"
        className="border-destructive/40 bg-destructive/10 text-destructive flex items-start gap-2 rounded-lg border px-3 py-2 text-sm"
      >
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p className="min-w-0 flex-1 break-words">{text}</p>
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="hover:bg-destructive/15 -my-0.5 grid size-6 shrink-0 cursor-pointer place-items-center rounded"
        >
          <X className="size-3.5" aria-hidden />
        </button>
      </div>
    );
  }
  const percent = state.phase === 'uploading' ? Math.round(state.fraction * 100) : null;
  return (
    <div className="grid gap-2" data-testid="import-progress">
      <p
        role="status"
        className="text-muted-foreground flex items-center justify-center gap-2 text-sm"
      >
        {text && <LoaderCircle className="size-4 shrink-0 animate-spin" aria-hidden />}
        {text}
      </p>
      {percent !== null && (
        <div
          role="progressbar"
          aria-label="Import progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%`}
          className="bg-muted h-1.5 overflow-hidden rounded-full"
        >
          <div
            className="bg-primary h-full rounded-full transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
    </div>
  );
}
