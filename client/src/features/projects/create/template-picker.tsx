import { TEMPLATE_CATALOG, type TemplateId } from '@kiln/shared';
import { ArrowLeft, LoaderCircle } from 'lucide-react';
import { useId, useRef, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';
import { CreateStatus } from './create-status';
import { gridTarget } from './template-grid-keys';
import type { CreateStage } from './use-create-project-flow';

/**
 * Every template of the catalogue, with its language and description. Picking one creates the
 * project from it and opens the editor. Each template is a button in the tab order, and the
 * arrow keys, Home and End move between them as the grid is laid out.
 */
export function TemplatePicker({
  pendingId,
  stage,
  onPick,
  onBack,
}: {
  /** The template whose project is being created. */
  pendingId: TemplateId | null;
  stage: CreateStage;
  onPick: (templateId: TemplateId) => void;
  onBack: () => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const idPrefix = useId();
  // Waiting for attachments still uploading counts too: the project is on its way.
  const creating = stage !== 'idle' || pendingId !== null;

  const handleKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = listRef.current;
    if (!list) return;
    const buttons = [...list.querySelectorAll<HTMLButtonElement>('button')];
    const index = buttons.findIndex((button) => button === document.activeElement);
    if (index < 0) return;
    // The columns as laid out right now: one on a phone, up to three on a wide screen.
    const columns = getComputedStyle(list).gridTemplateColumns.split(' ').filter(Boolean).length;
    const target = gridTarget(event.key, index, buttons.length, columns);
    if (target === null) return;
    event.preventDefault();
    buttons[target]?.focus();
  };

  return (
    <div className="grid gap-4">
      <DialogHeader>
        <div className="flex items-center gap-2">
          <Button variant="ghost" size="sm" className="-ml-2 px-2" onClick={onBack}>
            <ArrowLeft aria-hidden /> Back
          </Button>
          <DialogTitle>All templates</DialogTitle>
        </div>
        <DialogDescription>
          {TEMPLATE_CATALOG.length} starter projects. Pick one to create a project with its files
          and open it in the editor.
        </DialogDescription>
      </DialogHeader>
      {/* A list keeps the screen reader's "13 items"; the grid is only its layout. */}
      <ul
        ref={listRef}
        aria-label="Templates"
        onKeyDown={handleKeyDown}
        className="grid gap-2 sm:grid-cols-2 md:grid-cols-3"
      >
        {TEMPLATE_CATALOG.map((template, index) => {
          const descriptionId = `${idPrefix}-${template.id}`;
          const pending = template.id === pendingId;
          return (
            <li key={template.id} className="grid">
              <button
                type="button"
                // The first template takes focus when the list opens, so arrows work at once.
                autoFocus={index === 0}
                disabled={creating}
                aria-describedby={descriptionId}
                aria-busy={pending}
                onClick={() => onPick(template.id)}
                className={cn(
                  'bg-card grid cursor-pointer content-start gap-1.5 rounded-lg border p-3 text-left transition-colors',
                  'hover:border-primary/50 hover:bg-muted/50 focus-visible:border-primary focus-visible:ring-ring focus-visible:ring-2 focus-visible:outline-none',
                  'disabled:cursor-default disabled:opacity-60',
                  pending && 'border-primary/60 disabled:opacity-100',
                )}
              >
                <span className="flex items-start justify-between gap-2">
                  <span className="text-sm leading-snug font-medium">{template.name}</span>
                  {pending ? (
                    <LoaderCircle
                      className="text-primary size-4 shrink-0 animate-spin"
                      aria-hidden
                    />
                  ) : (
                    <span className="bg-muted text-muted-foreground shrink-0 rounded-full px-2 py-0.5 text-[11px] leading-4 font-medium">
                      {template.language}
                    </span>
                  )}
                </span>
                <span id={descriptionId} className="text-muted-foreground text-xs leading-relaxed">
                  {template.description}
                  <span className="sr-only">. Language: {template.language}.</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <CreateStatus stage={stage} className="text-muted-foreground text-center text-sm" />
    </div>
  );
}
