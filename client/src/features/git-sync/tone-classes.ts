import type { StatusTone } from './sync-status';

/** Badge colours per tone; each pair keeps 4.5:1 in both themes (as the admin badges do). */
export const BADGE_TONES: Record<StatusTone, string> = {
  success: 'bg-success/15 text-success border-success/30',
  info: 'bg-muted text-foreground border-border',
  warning: 'bg-primary/15 text-primary-tint-foreground border-primary/30',
  destructive: 'bg-destructive/10 text-destructive border-destructive/40',
};

/** Alert boxes: a tinted border and background, text in the page's colour for reading. */
export const ALERT_TONES: Record<Exclude<StatusTone, 'success'>, string> = {
  info: 'border-border bg-muted/60',
  warning: 'border-primary/40 bg-primary/10',
  destructive: 'border-destructive/40 bg-destructive/10',
};
