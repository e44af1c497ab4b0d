import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const VARIANTS = {
  // Not text-primary: on its own tint the primary falls short of 4.5:1 in the light theme.
  default: 'bg-primary/15 text-primary-tint-foreground border-primary/30',
  secondary: 'bg-muted text-muted-foreground border-transparent',
  outline: 'text-foreground',
} as const;

export function Badge({
  variant = 'default',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: keyof typeof VARIANTS }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}
