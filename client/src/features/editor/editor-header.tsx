import { ArrowLeft, Bot, GitBranch, Keyboard, Loader2, Play, Save } from 'lucide-react';
import { Link } from 'wouter';
import { ThemeToggle } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { saveStatusText, type SaveState } from './save-status';

/**
 * The editor's header: back, project name, autosave status, save, run, GitHub, agent
 * toggle, presence, shortcuts and theme. GitHub, the agent and presence arrive with their own
 * features; their buttons hold their places and say so.
 */
export function EditorHeader({
  projectName,
  saveState,
  lastSavedAt,
  onSave,
  onRun,
  running,
  runTitle,
  onShortcuts,
}: {
  projectName: string;
  saveState: SaveState;
  lastSavedAt: number | null;
  onSave: () => void;
  /** Runs the selected file; disabled only while a run is in flight. */
  onRun: () => void;
  running: boolean;
  /** What Run will do, or why the selected file cannot run. */
  runTitle: string;
  onShortcuts: () => void;
}) {
  return (
    <header className="bg-card flex h-12 shrink-0 items-center gap-2 border-b px-2">
      <Button asChild variant="ghost" size="icon" aria-label="Back to dashboard">
        <Link href="/dashboard">
          <ArrowLeft />
        </Link>
      </Button>
      <h1 className="min-w-0 truncate text-sm font-semibold">{projectName}</h1>
      <span
        className={cn(
          'text-muted-foreground ml-2 hidden text-xs sm:inline',
          saveState === 'unsaved' && 'text-primary',
        )}
        aria-live="polite"
        data-testid="save-status"
      >
        {saveStatusText(saveState, lastSavedAt)}
      </span>
      <div className="ml-auto flex shrink-0 items-center md:gap-1">
        <Button
          variant="ghost"
          size="sm"
          onClick={onSave}
          disabled={saveState === 'saving'}
          className="max-md:size-9 max-md:px-0"
        >
          <Save aria-hidden /> <span className="sr-only md:not-sr-only">Save</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRun}
          disabled={running}
          aria-busy={running}
          title={runTitle}
          className="max-md:size-9 max-md:px-0"
        >
          {running ? <Loader2 className="animate-spin" aria-hidden /> : <Play aria-hidden />}
          <span className="sr-only md:not-sr-only">{running ? 'Running...' : 'Run'}</span>
        </Button>
        <Button
          variant="ghost"
          size="icon"
          disabled
          aria-label="GitHub"
          title="Git sync arrives with the GitHub integration"
        >
          <GitBranch />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          disabled
          aria-label="AI agent"
          title="The AI agent needs an AI provider"
        >
          <Bot />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts"
          onClick={onShortcuts}
          // A phone has no keyboard to use them with; its header needs the room.
          className="max-md:hidden"
        >
          <Keyboard />
        </Button>
        <ThemeToggle />
      </div>
    </header>
  );
}
