import { cn } from '../../lib/cn';
import type { ViewMode } from './use-dashboard-params';

// Apart from project-card.tsx, whose menu brings Radix's dropdown: the dashboard shows these
// while the cards' code loads, and a first visit with no projects never loads it.

/** Marks each card's menu button, so a dialog opened from the menu can give focus back to it. */
export const ACTIONS_BUTTON_ATTRIBUTE = 'data-project-actions';

export function ProjectCardSkeleton({ view }: { view: ViewMode }) {
  return (
    <div
      data-testid="project-skeleton"
      aria-hidden
      className={cn(
        'bg-card rounded-xl border',
        view === 'grid' ? 'grid gap-3 p-5' : 'flex items-center gap-4 px-4 py-4',
      )}
    >
      {/* The card's own rows and heights, so nothing jumps when the projects arrive. */}
      <div className="bg-muted h-6 w-2/5 animate-pulse rounded" />
      {view === 'grid' ? (
        <>
          <div className="grid gap-2">
            <div className="bg-muted h-4 w-full animate-pulse rounded" />
            <div className="bg-muted h-4 w-3/4 animate-pulse rounded" />
          </div>
          <div className="flex items-center justify-between">
            <div className="bg-muted h-4 w-1/3 animate-pulse rounded" />
            <div className="bg-muted h-5.5 w-16 animate-pulse rounded-full" />
          </div>
        </>
      ) : (
        <>
          <div className="bg-muted h-4 w-full animate-pulse rounded" />
          <div className="bg-muted h-4 w-1/3 animate-pulse rounded" />
        </>
      )}
    </div>
  );
}
