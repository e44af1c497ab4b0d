import type { AiUsage } from '@kiln/shared';
import { Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { isUsageNearLimit, usageLabel } from './usage-label';

/** Under the message box: the model answering, this month's tokens, and Clear. */
export function ChatStatusLine({
  modelLabel,
  usage,
  canClear,
  onClear,
}: {
  modelLabel: string | null;
  usage: AiUsage | undefined;
  canClear: boolean;
  onClear: () => void;
}) {
  return (
    <div className="text-muted-foreground flex min-h-7 items-center gap-2 text-xs">
      <p className="flex min-w-0 flex-wrap items-center gap-x-1.5">
        {modelLabel && (
          <span className="text-foreground/80 truncate font-medium" data-testid="ai-model-label">
            {modelLabel}
          </span>
        )}
        {modelLabel && usage && <span aria-hidden>·</span>}
        {usage && (
          <span
            className={cn(isUsageNearLimit(usage) && 'text-destructive font-medium')}
            data-testid="ai-usage"
          >
            {usageLabel(usage)}
          </span>
        )}
      </p>
      <Button
        variant="ghost"
        size="sm"
        className="ml-auto h-7 px-2 text-xs"
        disabled={!canClear}
        aria-label="Clear chat"
        onClick={onClear}
      >
        <Trash2 className="size-3.5" aria-hidden />
        Clear
      </Button>
    </div>
  );
}
