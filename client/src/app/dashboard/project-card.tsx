import type { Project } from '@kiln/shared';
import { Clock, MoreVertical, Pencil, Star, Trash2 } from 'lucide-react';
import { memo, type MouseEvent } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { cn } from '../../lib/cn';
import { LanguageBadge } from './language-badge';
import { ACTIONS_BUTTON_ATTRIBUTE } from './project-card-skeleton';
import { formatRelativeTime } from './relative-time';
import type { ViewMode } from './use-dashboard-params';

interface ProjectCardProps {
  project: Project;
  view: ViewMode;
  /** Opens the project in the editor. */
  onOpen: (event: MouseEvent<HTMLAnchorElement>, project: Project) => void;
  onToggleStar: (project: Project) => void;
  onRename: (project: Project) => void;
  onDelete: (project: Project) => void;
}

/**
 * The project card. The name is the link that opens the project; it stretches over
 * the whole card, and the star and menu sit above it, so every control stays a real button.
 */
export const ProjectCard = memo(function ProjectCard({
  project,
  view,
  onOpen,
  onToggleStar,
  onRename,
  onDelete,
}: ProjectCardProps) {
  const isGrid = view === 'grid';
  const tags = isGrid ? project.tags : project.tags.slice(0, 2);
  const hiddenTags = project.tags.length - tags.length;
  const updated = `Updated ${formatRelativeTime(project.updatedAt)}`;

  return (
    <article
      data-testid="project-card"
      aria-label={project.name}
      className={cn(
        'bg-card group relative rounded-xl border transition-colors hover:border-primary/50 focus-within:border-primary/50',
        isGrid ? 'flex flex-col gap-3 p-5' : 'flex items-center gap-3 px-4 py-3 sm:gap-4',
      )}
    >
      <div
        className={cn(
          'flex min-w-0 items-start gap-2',
          // A phone's row has room for the name, language and buttons only.
          isGrid ? 'pr-16' : 'flex-1 items-center sm:w-56 sm:flex-none sm:shrink-0',
        )}
      >
        <h3 className="min-w-0 flex-1 truncate font-semibold">
          {/* A plain anchor: a router link would re-render every card whenever the dashboard's
              URL changes, and the search, filters and view all live in the URL. */}
          <a
            href={`/editor/${project.id}`}
            onClick={(event) => onOpen(event, project)}
            className="outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-2 focus-visible:after:ring-ring"
          >
            {project.name}
          </a>
        </h3>
      </div>

      <p
        className={cn(
          'text-muted-foreground text-sm',
          isGrid ? 'line-clamp-2 min-h-10' : 'hidden min-w-0 flex-1 truncate sm:block',
        )}
      >
        {project.description || 'No description'}
      </p>

      {/* No empty row: in the grid it would still take a gap's height. */}
      {project.tags.length > 0 && (
        <div className={cn('flex flex-wrap gap-1.5', isGrid ? '' : 'hidden shrink-0 md:flex')}>
          {tags.map((tag) => (
            <Badge key={tag} variant="secondary">
              {tag}
            </Badge>
          ))}
          {hiddenTags > 0 && <Badge variant="outline">+{hiddenTags}</Badge>}
        </div>
      )}

      <div className={cn('flex items-center gap-3', isGrid ? 'mt-auto' : 'shrink-0')}>
        <span
          className={cn(
            'text-muted-foreground inline-flex items-center gap-1 text-xs',
            !isGrid && 'max-sm:hidden',
          )}
        >
          <Clock className="size-3" aria-hidden />
          {updated}
        </span>
        {isGrid ? (
          <LanguageBadge language={project.language} className="ml-auto" />
        ) : (
          // A column of its own, so the times and badges of the rows line up.
          <span className="inline-flex w-26">
            <LanguageBadge language={project.language} />
          </span>
        )}
      </div>

      <div
        className={cn(
          'relative z-10 flex items-center',
          isGrid ? 'absolute top-3 right-3' : 'shrink-0',
        )}
      >
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-pressed={project.starred}
          aria-label={project.starred ? `Unstar ${project.name}` : `Star ${project.name}`}
          onClick={() => onToggleStar(project)}
        >
          <Star className={cn(project.starred && 'fill-amber-400 text-amber-400')} />
        </Button>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Actions for ${project.name}`}
              {...{ [ACTIONS_BUTTON_ATTRIBUTE]: project.id }}
            >
              <MoreVertical />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem onSelect={() => onRename(project)}>
              <Pencil /> Rename
            </DropdownMenuItem>
            <DropdownMenuItem destructive onSelect={() => onDelete(project)}>
              <Trash2 /> Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </article>
  );
});
