import type { KeyboardEvent } from 'react';
import { cn } from '../../lib/cn';

/**
 * The query text: a plain monospace text area (Monaco would cost a second editor instance
 * for a few lines of SQL). Ctrl+Enter, or Cmd+Enter on a Mac, runs it.
 */
export function SqlEditor({
  value,
  onChange,
  onRun,
  className,
  id,
}: {
  value: string;
  onChange: (value: string) => void;
  onRun: () => void;
  className?: string;
  id?: string;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onRun();
    }
  };
  return (
    <textarea
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={onKeyDown}
      spellCheck={false}
      autoCapitalize="off"
      autoCorrect="off"
      autoComplete="off"
      aria-label="SQL query"
      className={cn(
        'border-input bg-background focus-visible:border-ring w-full resize-y rounded-md border px-3 py-2 font-mono text-sm leading-5',
        className,
      )}
    />
  );
}

/** 'Ctrl+Enter', or '⌘+Enter' on a Mac. */
export function runShortcutLabel(): string {
  const platform = typeof navigator === 'undefined' ? '' : navigator.platform;
  return /Mac|iPhone|iPad/.test(platform) ? '⌘+Enter' : 'Ctrl+Enter';
}
