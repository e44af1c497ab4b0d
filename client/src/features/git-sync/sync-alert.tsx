import { CircleAlert, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import type { StatusTone } from './sync-status';
import { ALERT_TONES } from './tone-classes';

const ICONS = { info: Info, warning: TriangleAlert, destructive: CircleAlert } as const;
const ICON_COLOURS = {
  info: 'text-muted-foreground',
  warning: 'text-primary-tint-foreground',
  destructive: 'text-destructive',
} as const;

/** A boxed message with a title: what the status means and what to do about it. */
export function SyncAlert({
  tone,
  title,
  children,
  className,
}: {
  tone: Exclude<StatusTone, 'success'>;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const Icon = ICONS[tone];
  return (
    <div
      role={tone === 'destructive' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg border p-3 text-sm', ALERT_TONES[tone], className)}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', ICON_COLOURS[tone])} aria-hidden />
      <div className="grid min-w-0 gap-1">
        <p className="font-medium">{title}</p>
        <div className="text-muted-foreground break-words">{children}</div>
      </div>
    </div>
  );
}
