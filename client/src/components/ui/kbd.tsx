import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** One key of a shortcut, drawn as a keycap. */
export function Kbd({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return (
    <kbd
      className={cn(
        'bg-muted text-foreground inline-flex h-5 min-w-5 items-center justify-center rounded border border-b-2 px-1 font-sans text-[11px] leading-none font-medium',
        className,
      )}
      {...props}
    />
  );
}
