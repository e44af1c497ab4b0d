import type { PreviewConsoleMessage } from '@kiln/shared';
import { Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

const LEVEL_CLASS: Record<PreviewConsoleMessage['level'], string> = {
  log: '',
  info: 'text-sky-600 dark:text-sky-400',
  debug: 'text-muted-foreground',
  warn: 'text-amber-600 dark:text-amber-400',
  error: 'text-destructive',
};

/** What the previewed page printed, forwarded by the preview server's console script. */
export function PreviewConsole({
  messages,
  onClear,
}: {
  messages: readonly PreviewConsoleMessage[];
  onClear: () => void;
}) {
  return (
    <section aria-label="Preview console" className="flex h-40 shrink-0 flex-col border-t">
      <div className="flex h-7 items-center px-2 text-xs font-medium">
        Console
        <Button
          variant="ghost"
          size="icon"
          className="ml-auto size-6"
          aria-label="Clear console"
          onClick={onClear}
        >
          <Trash2 />
        </Button>
      </div>
      <ol className="min-h-0 flex-1 overflow-auto px-2 pb-2 font-mono text-xs" aria-live="polite">
        {messages.length === 0 && <li className="text-muted-foreground">No console output yet.</li>}
        {messages.map((message, index) => (
          <li
            key={index}
            className={cn(
              'border-b py-0.5 break-all whitespace-pre-wrap',
              LEVEL_CLASS[message.level],
            )}
          >
            {message.args.join(' ')}
          </li>
        ))}
      </ol>
    </section>
  );
}
