import { LoaderCircle } from 'lucide-react';

/** Shown while a push or a pull runs: what is happening, announced, with a moving bar. */
export function SyncProgress({ label }: { label: string }) {
  return (
    <div className="grid gap-2" data-testid="sync-progress">
      <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm">
        <LoaderCircle className="size-4 shrink-0 animate-spin" aria-hidden />
        {label}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-busy="true"
        className="bg-muted h-1.5 overflow-hidden rounded-full"
      >
        <div className="bg-primary h-full w-full animate-pulse rounded-full" />
      </div>
    </div>
  );
}
