import { cn } from '../../lib/cn';

/** Spec accounts 2: five languages have their own colour; any other gets a neutral one. */
const COLOURS: Record<string, string> = {
  javascript: 'bg-yellow-400/15 text-yellow-700 border-yellow-500/30 dark:text-yellow-300',
  typescript: 'bg-blue-500/15 text-blue-700 border-blue-500/30 dark:text-blue-300',
  python: 'bg-emerald-500/15 text-emerald-700 border-emerald-500/30 dark:text-emerald-300',
  html: 'bg-orange-500/15 text-orange-700 border-orange-500/30 dark:text-orange-300',
  css: 'bg-violet-500/15 text-violet-700 border-violet-500/30 dark:text-violet-300',
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
