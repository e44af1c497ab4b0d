import { Loader2, RotateCw, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useTheme } from '../../lib/theme';
import { isLive, restartLabel, shellStatusText, type ShellEvent } from './shell-status';
import type { ShellState } from './use-shell-tabs';

// xterm.js and its stylesheet come in their own chunk, the first time a shell opens.
const XtermView = lazy(() => import('./xterm-view'));

/** How long a word on a reconnection stays under the shell. */
const NOTE_MS = 8_000;

/** The status's note, until it has been shown for NOTE_MS. */
function useFadingNote(note: string | undefined): string {
  const [faded, setFaded] = useState<string | null>(null);
  useEffect(() => {
    if (!note) return;
    const timer = setTimeout(() => setFaded(note), NOTE_MS);
    return () => clearTimeout(timer);
  }, [note]);
  return note && note !== faded ? note : '';
}

/**
 * One shell's tab panel: the terminal, and under it a status line while it connects or after it
 * ended (with the server's words: idle, a limit, no sandbox), offering a new session.
 */
export function ShellView({
  projectId,
  title,
  shell,
  visible,
  isMac,
  onEvent,
  onRestart,
  onClose,
}: {
  projectId: string;
  title: string;
  shell: ShellState;
  visible: boolean;
  isMac: boolean;
  onEvent: (event: ShellEvent) => void;
  onRestart: () => void;
  onClose: () => void;
}) {
  const theme = useTheme().theme === 'light' ? 'light' : 'dark';
  const [tabMovesFocus, setTabMovesFocus] = useState(false);
  const { status } = shell;
  const ended = !isLive(status);
  const focusKey = isMac ? '⌃⇧M' : 'Ctrl+M';
  const note = useFadingNote(status.state === 'ready' ? status.note : undefined);
  const line =
    (status.state === 'ready' ? note : shellStatusText(status)) ||
    (tabMovesFocus
      ? `Tab moves the focus out of the shell; ${focusKey} gives Tab back to it.`
      : '');

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="focus-within:ring-ring/60 min-h-0 flex-1 py-1 pl-2 focus-within:ring-1 focus-within:ring-inset">
        <Suspense
          fallback={<p className="text-muted-foreground p-2 text-xs">Loading the terminal...</p>}
        >
          <XtermView
            projectId={projectId}
            session={shell.session}
            visible={visible}
            focusRequest={shell.focusRequest}
            theme={theme}
            isMac={isMac}
            label={title}
            onEvent={onEvent}
            onTabFocusChange={setTabMovesFocus}
          />
        </Suspense>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-x-3 px-3 text-xs">
        <span
          role="status"
          className={cn(
            'flex items-center gap-1.5 [overflow-wrap:anywhere]',
            line && 'py-1.5',
            ended && status.state !== 'exited' ? 'text-destructive' : 'text-muted-foreground',
          )}
          data-testid="shell-status"
        >
          {(status.state === 'connecting' || status.state === 'reconnecting') && (
            <Loader2 className="size-3 shrink-0 animate-spin" aria-hidden />
          )}
          {line}
        </span>
        {ended && (
          <span className="flex gap-1 py-1">
            <Button variant="outline" size="sm" className="h-7 px-2 text-xs" onClick={onRestart}>
              <RotateCw aria-hidden /> {restartLabel(status)}
            </Button>
            <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={onClose}>
              <X aria-hidden /> Close tab
            </Button>
          </span>
        )}
      </div>
    </div>
  );
}
