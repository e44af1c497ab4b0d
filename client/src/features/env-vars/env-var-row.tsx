import { maskEnvValue, type EnvVar } from '@kiln/shared';
import { Copy, Eye, EyeOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';

/** One variable: its key, its value masked until revealed, copy and delete. */
export function EnvVarRow({
  variable,
  deleting,
  onDelete,
}: {
  variable: EnvVar;
  deleting: boolean;
  onDelete: () => void;
}) {
  const [revealed, setRevealed] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(variable.value);
      toast({ title: 'Copied to clipboard', variant: 'success' });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'The browser did not allow access to the clipboard.',
        variant: 'destructive',
      });
    }
  };
  return (
    <li className="flex items-center gap-2 rounded-md border px-3 py-2">
      <div className="min-w-0 flex-1">
        <p className="truncate font-mono text-sm font-medium">{variable.key}</p>
        <p
          className="text-muted-foreground truncate font-mono text-xs"
          aria-label={revealed ? `Value of ${variable.key}` : `Value of ${variable.key}, hidden`}
        >
          {revealed ? variable.value : maskEnvValue(variable.value)}
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`${revealed ? 'Hide' : 'Show'} ${variable.key}`}
        aria-pressed={revealed}
        onClick={() => setRevealed((shown) => !shown)}
      >
        {revealed ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Copy ${variable.key}`} onClick={copy}>
        <Copy aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${variable.key}`}
        disabled={deleting}
        onClick={onDelete}
      >
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}
