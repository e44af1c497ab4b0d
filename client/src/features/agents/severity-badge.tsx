import type { ReviewFinding } from '@kiln/shared';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';

// Each colour is its own text on its own tint, readable in both themes.
const SEVERITY_CLASSES: Record<ReviewFinding['severity'], string> = {
  error: 'border-destructive/30 bg-destructive/10 text-destructive',
  warning: 'border-amber-500/40 bg-amber-500/15 text-amber-800 dark:text-amber-300',
  info: 'border-transparent bg-muted text-muted-foreground',
};

export function SeverityBadge({ severity }: { severity: ReviewFinding['severity'] }) {
  return (
    <Badge variant="outline" className={cn('px-2 capitalize', SEVERITY_CLASSES[severity])}>
      {severity}
    </Badge>
  );
}
