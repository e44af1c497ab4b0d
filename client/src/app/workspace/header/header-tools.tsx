import { Database, Ellipsis, GitBranch, KeyRound, Rocket, type LucideIcon } from 'lucide-react';
import type { ProjectRole } from '@kiln/shared';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { ExplainedButton } from '../../../components/ui/explained-button';

/** A tool of the header: a button on a desktop, an item of the More tools menu on a phone. */
export interface HeaderTool {
  label: string;
  icon: LucideIcon;
  unavailable: boolean;
  /** What it does, or why it cannot be used. */
  reason: string;
  onSelect: () => void;
}

/** The project's tools, as the person's role allows them. */
export function headerTools({
  role,
  onEnvVars,
  onDatabaseTools,
  onGitHub,
  onDeploy,
}: {
  role: ProjectRole;
  onEnvVars: () => void;
  onDatabaseTools: () => void;
  onGitHub: () => void;
  onDeploy: () => void;
}): HeaderTool[] {
  return [
    {
      label: 'Environment variables',
      icon: KeyRound,
      unavailable: role !== 'owner',
      reason:
        role === 'owner'
          ? 'Environment variables: given to the programs you run'
          : "Only the project's owner sees its environment variables",
      onSelect: onEnvVars,
    },
    {
      label: 'Database Tools',
      icon: Database,
      unavailable: role === 'viewer',
      reason:
        role === 'viewer'
          ? 'Viewers cannot run SQL on this project'
          : "Database Tools: run SQL on this project's own database",
      onSelect: onDatabaseTools,
    },
    {
      label: 'GitHub',
      icon: GitBranch,
      unavailable: false,
      reason: 'GitHub: link, import, push and pull this project',
      onSelect: onGitHub,
    },
    {
      label: 'Deploy',
      icon: Rocket,
      unavailable: role !== 'owner',
      reason:
        role === 'owner'
          ? 'Deploy: put this project online with Vercel, Netlify or Railway'
          : "Only the project's owner deploys it",
      onSelect: onDeploy,
    },
  ];
}

export function HeaderTools({ tools }: { tools: HeaderTool[] }) {
  return (
    <>
      {/* A phone's header has room for the tools as one menu, a desktop's for each. */}
      <div className="contents max-md:hidden">
        {tools.map((tool) => (
          <ExplainedButton
            key={tool.label}
            variant="ghost"
            size="icon"
            aria-label={tool.label}
            unavailable={tool.unavailable}
            reason={tool.reason}
            onClick={tool.onSelect}
          >
            <tool.icon />
          </ExplainedButton>
        ))}
      </div>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="More tools" className="md:hidden">
            <Ellipsis />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          {tools.map((tool) => (
            <DropdownMenuItem
              key={tool.label}
              disabled={tool.unavailable}
              onSelect={tool.onSelect}
              className="items-start"
            >
              <tool.icon aria-hidden className="mt-0.5 shrink-0" />
              <span className="grid gap-0.5">
                <span>{tool.label}</span>
                {tool.unavailable && (
                  <span className="text-muted-foreground text-xs">{tool.reason}</span>
                )}
              </span>
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
