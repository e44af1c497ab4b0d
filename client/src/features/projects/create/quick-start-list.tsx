import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { templateName } from './derive-project';
import { QUICK_STARTS, type QuickStart } from './quick-starts';

/**
 * Quick starts select a template; with no prompt they create the project at
 * once, otherwise they start the planning chat with it.
 */
export function QuickStartList({
  selectedId,
  pendingId,
  disabled,
  onSelect,
}: {
  selectedId: QuickStart['id'] | null;
  /** The quick start whose project is being created. */
  pendingId: QuickStart['id'] | null;
  disabled?: boolean;
  onSelect: (quickStart: QuickStart) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h3 id={headingId} className="text-muted-foreground text-center text-sm">
        Or start from
      </h3>
      <ul className="flex flex-wrap justify-center gap-2">
        {QUICK_STARTS.map((quickStart) => {
          const Icon = quickStart.icon;
          const selected = quickStart.id === selectedId;
          const template = templateName(quickStart.templateId);
          return (
            <li key={quickStart.id}>
              <Tooltip label={`Starts from the ${template} template`}>
                <button
                  type="button"
                  aria-pressed={selected}
                  disabled={disabled}
                  onClick={() => onSelect(quickStart)}
                  className={cn(
                    'inline-flex h-9 cursor-pointer items-center gap-2 rounded-full border px-3.5 text-sm font-medium transition-colors',
                    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
                    selected
                      ? 'border-primary/50 bg-accent text-accent-foreground'
                      : 'bg-card text-muted-foreground hover:bg-muted hover:text-foreground',
                  )}
                >
                  {quickStart.id === pendingId ? (
                    <LoaderCircle className="animate-spin" aria-hidden />
                  ) : (
                    <Icon aria-hidden className={selected ? 'text-primary' : undefined} />
                  )}
                  {quickStart.label}
                  {quickStart.beta && <Badge>beta</Badge>}
                  <span className="sr-only">, {template} template</span>
                </button>
              </Tooltip>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
