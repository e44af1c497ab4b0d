import { Eye } from 'lucide-react';

/** Says why nothing can be changed: the person is a viewer of someone else's project. */
export function ViewOnlyBanner({ ownerName }: { ownerName: string | null }) {
  return (
    <div
      role="status"
      className="bg-muted text-muted-foreground flex shrink-0 items-center gap-2 border-b px-3 py-1.5 text-xs"
      data-testid="view-only-banner"
    >
      <Eye className="size-3.5" aria-hidden />
      <span>
        View only: you can read this project and see its preview
        {ownerName ? `; ask ${ownerName} to make you an editor to change it.` : '.'}
      </span>
    </div>
  );
}
