import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';

/** Grey rows where a list will be, named for screen readers while it loads. */
export function RowsSkeleton({ rows, label }: { rows: number; label: string }) {
  return (
    <div className="grid gap-2" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-14 rounded-lg" />
      ))}
    </div>
  );
}

/** A list that could not be loaded: what, the server's reason, and a way to try again. */
export function LoadError({
  what,
  message,
  onRetry,
}: {
  what: string;
  message: string;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="text-muted-foreground grid justify-items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center text-sm"
    >
      <p className="text-foreground font-medium">Could not load the {what}</p>
      <p className="max-w-md break-words">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
