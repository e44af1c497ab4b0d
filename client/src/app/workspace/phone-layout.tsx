import { Code2, FolderTree, PanelRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type PhonePane = 'files' | 'code' | 'side';

const PANES: { id: PhonePane; label: string; icon: typeof Code2 }[] = [
  { id: 'files', label: 'Files', icon: FolderTree },
  { id: 'code', label: 'Code', icon: Code2 },
  { id: 'side', label: 'Preview & AI', icon: PanelRight },
];

/**
 * The workspace on a phone: the desktop's three columns become panes shown one at a
 * time, switched from a tab bar at the bottom. Hidden panes stay mounted, so Monaco, the terminal
 * and the preview keep their state, but inert: out of the tab order and the accessibility tree.
 */
export function PhoneLayout({
  pane,
  onPaneChange,
  files,
  code,
  side,
}: {
  pane: PhonePane;
  onPaneChange: (pane: PhonePane) => void;
  files: ReactNode;
  code: ReactNode;
  side: ReactNode;
}) {
  const content: Record<PhonePane, ReactNode> = { files, code, side };
  return (
    <>
      {PANES.map(({ id }) => (
        <div
          key={id}
          id={`phone-pane-${id}`}
          role="tabpanel"
          aria-labelledby={`phone-tab-${id}`}
          hidden={pane !== id}
          inert={pane !== id}
          className={cn(
            'min-h-0 flex-1 flex-col',
            pane === id ? 'flex' : 'hidden',
            id !== 'code' && 'bg-card',
          )}
        >
          {content[id]}
        </div>
      ))}
      <div
        role="tablist"
        aria-label="Workspace panes"
        className="bg-card grid shrink-0 grid-cols-3 border-t pb-[env(safe-area-inset-bottom)]"
      >
        {PANES.map(({ id, label, icon: Icon }) => (
          <button
            key={id}
            id={`phone-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={pane === id}
            aria-controls={`phone-pane-${id}`}
            onClick={() => onPaneChange(id)}
            className={cn(
              'flex h-14 flex-col items-center justify-center gap-1 text-xs font-medium transition-colors',
              'focus-visible:ring-ring outline-none focus-visible:ring-2 focus-visible:ring-inset',
              pane === id ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <Icon className="size-5" aria-hidden />
            {label}
          </button>
        ))}
      </div>
    </>
  );
}
