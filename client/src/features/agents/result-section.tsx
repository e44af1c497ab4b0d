import type { ReactNode } from 'react';

/** One part of a run's result (Plan, Review findings…): a titled box, as 'Files Updated' is. */
export function ResultSection({
  title,
  note,
  action,
  children,
}: {
  title: string;
  /** Beside the title: a count, say. */
  note?: string;
  /** A button at the title's end (Dismiss). */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="min-w-0 rounded-lg border text-sm">
      <div className="text-muted-foreground flex min-h-8 items-center gap-2 border-b px-3 py-1.5 text-xs">
        <h3 className="font-medium">{title}</h3>
        {note && <span className="ml-auto">{note}</span>}
        {action && <span className={note ? '' : 'ml-auto'}>{action}</span>}
      </div>
      <div className="grid gap-3 p-3">{children}</div>
    </section>
  );
}
