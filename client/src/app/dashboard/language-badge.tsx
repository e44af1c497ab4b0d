import { cn } from '../../lib/cn';

/** Five languages have their own colour; any other gets a neutral one. */
// Solid tints in the light theme: this Chromium drew translucent orange edges with a teal fringe.
const COLOURS: Record<string, string> = {
  javascript:
    'bg-yellow-100 text-yellow-800 border-yellow-300 dark:bg-yellow-400/15 dark:text-yellow-300 dark:border-yellow-500/30',
  typescript:
    'bg-blue-100 text-blue-800 border-blue-300 dark:bg-blue-500/15 dark:text-blue-300 dark:border-blue-500/30',
  python:
    'bg-emerald-100 text-emerald-800 border-emerald-300 dark:bg-emerald-500/15 dark:text-emerald-300 dark:border-emerald-500/30',
  html: 'bg-orange-100 text-orange-800 border-orange-300 dark:bg-orange-500/15 dark:text-orange-300 dark:border-orange-500/30',
  css: 'bg-violet-100 text-violet-800 border-violet-300 dark:bg-violet-500/15 dark:text-violet-300 dark:border-violet-500/30',
};
const NEUTRAL = 'bg-muted text-muted-foreground border-border';

export function LanguageBadge({ language, className }: { language: string; className?: string }) {
  return (
    <span
      data-language={language}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-xs font-medium',
        COLOURS[language] ?? NEUTRAL,
        className,
      )}
    >
      {language}
    </span>
  );
}
