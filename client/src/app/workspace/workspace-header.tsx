import { ArrowLeft, Bot, Keyboard, Loader2, Play, Save } from 'lucide-react';
import type { ProjectRole } from '@kiln/shared';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ThemeToggle } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';
import { ExplainedButton } from '../../components/ui/explained-button';
import { saveStatusText, type SaveState } from '../../features/editor';
import { cn } from '../../lib/cn';
import { headerTools, HeaderTools } from './header/header-tools';
import { ProjectName } from './header/project-name';

/**
 * The workspace's header: back, project name (renamed in place), autosave status, save, run,
 * environment variables, database tools, GitHub, deploy, agent toggle, presence, sharing, shortcuts
 * and theme. Presence and sharing are their features' pieces, handed in. What is offered follows
 * the person's role in the project (the server checks it again on every call).
 */
export function WorkspaceHeader({
  projectId,
  projectName,
  saveState,
  lastSavedAt,
  onSave,
  onRun,
  running,
  run,
  onShortcuts,
  onEnvVars,
  onDatabaseTools,
  agentPanel,
  onGitHub,
  onDeploy,
  presence,
  share,
  appControls,
  role = 'owner',
}: {
  projectId: string;
  projectName: string;
  saveState: SaveState;
  lastSavedAt: number | null;
  onSave: () => void;
  onRun: () => void;
  running: boolean;
  /** Whether the selected file can run, and what Run will do or why it cannot. */
  run: { runnable: boolean; reason: string };
  onShortcuts: () => void;
  onEnvVars: () => void;
  onDatabaseTools: () => void;
  /** The AI agent panel's toggle: shown or not, and unavailable without an AI provider. */
  agentPanel: { open: boolean; unavailable: boolean; onToggle: () => void };
  onGitHub: () => void;
  onDeploy: () => void;
  /** Who else has the project open (features/presence). */
  presence?: ReactNode;
  /** Who works in the project and the Share dialog (features/members). */
  share?: ReactNode;
  /** Stop and Restart of the project's running app (features/dev-server). */
  appControls?: ReactNode;
  /**
   * The person's role: a viewer is offered only what reads the project, and the owner alone
   * sees the secrets and deploys.
   */
  role?: ProjectRole;
}) {
  const tools = headerTools({ role, onEnvVars, onDatabaseTools, onGitHub, onDeploy });
  return (
    <header className="bg-card flex h-12 shrink-0 items-center gap-2 border-b px-2">
      <Button asChild variant="ghost" size="icon" aria-label="Back to dashboard">
        <Link href="/dashboard">
          <ArrowLeft />
        </Link>
      </Button>
      <ProjectName projectId={projectId} name={projectName} renamable={role === 'owner'} />
      {/* A viewer saves nothing: "All changes saved" would only puzzle them. */}
      {role !== 'viewer' && (
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
      )}
      <div className="ml-auto flex shrink-0 items-center md:gap-1">
        {presence}
        {share}
        {role !== 'viewer' && (
          <>
            <Button
              variant="ghost"
              size="sm"
              onClick={onSave}
              disabled={saveState === 'saving'}
              className="max-md:size-9 max-md:px-0"
            >
              <Save aria-hidden /> <span className="sr-only md:not-sr-only">Save</span>
            </Button>
            <ExplainedButton
              variant="ghost"
              size="sm"
              onClick={onRun}
              // Only the files Kiln runs; one run at a time.
              unavailable={running || !run.runnable}
              reason={running ? 'A run is in progress' : run.reason}
              aria-busy={running}
              className="max-md:size-9 max-md:px-0"
            >
              {running ? <Loader2 className="animate-spin" aria-hidden /> : <Play aria-hidden />}
              <span className="sr-only md:not-sr-only">{running ? 'Running...' : 'Run'}</span>
            </ExplainedButton>
            {appControls}
          </>
        )}
        <HeaderTools tools={tools} />
        <ExplainedButton
          variant="ghost"
          size="icon"
          unavailable={agentPanel.unavailable || role === 'viewer'}
          aria-label="AI agent"
          aria-pressed={!agentPanel.unavailable && agentPanel.open}
          reason={
            role === 'viewer'
              ? 'Viewers cannot ask the AI agents to change this project'
              : agentPanel.unavailable
                ? 'The AI agent needs an AI provider'
                : 'AI agent: five agents plan, build, review, test and debug your request'
          }
          onClick={agentPanel.onToggle}
          className={cn(!agentPanel.unavailable && agentPanel.open && 'bg-muted text-primary')}
        >
          <Bot />
        </ExplainedButton>
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
