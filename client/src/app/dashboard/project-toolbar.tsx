import { LayoutGrid, List, Plus, Search, Star } from 'lucide-react';
import { useId, type MouseEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import type { PlanUsage } from '../../features/projects';
import { PlanLimitHint } from './plan-limit-hint';
import { projectCountLabel } from './project-count';
import { SORTS, type SortKey } from './project-filters';
import type { ViewMode } from './use-dashboard-params';

interface ProjectToolbarProps {
  /** Null while the list loads: no count is better than a wrong one. */
  count: number | null;
  /** How many of them the search and the starred filter leave on screen. */
  shown: number;
  search: string;
  starredOnly: boolean;
  sort: SortKey;
  view: ViewMode;
  onSearch: (search: string) => void;
  onStarredOnly: (starredOnly: boolean) => void;
  onSort: (sort: SortKey) => void;
  onView: (view: ViewMode) => void;
  /** Given the button, so the create dialog can give focus back to it. */
  onNewProject: (event: MouseEvent<HTMLButtonElement>) => void;
  /** A pointer or focus on New Project: the create dialog's code starts loading. */
  onNewProjectIntent: () => void;
  /** Null for a plan without a project limit, or while the list loads. */
  planUsage: PlanUsage | null;
}

/** The toolbar: New Project, the count, search, starred filter, sort and the view toggle. */
export function ProjectToolbar(props: ProjectToolbarProps) {
  const hintId = useId();
  const { planUsage } = props;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={props.onNewProject}
          onPointerEnter={props.onNewProjectIntent}
          onFocus={props.onNewProjectIntent}
          onTouchStart={props.onNewProjectIntent}
          // At the limit the button still opens the dialog (to look, or to see why), and says so.
          aria-describedby={planUsage?.atLimit ? hintId : undefined}
        >
          <Plus aria-hidden /> New Project
        </Button>
        <p className="text-muted-foreground text-sm" aria-live="polite" data-testid="project-count">
          {props.count !== null &&
            projectCountLabel({
              total: props.count,
              shown: props.shown,
              starredOnly: props.starredOnly,
              searching: props.search.trim() !== '',
            })}
        </p>
        {planUsage && <PlanLimitHint usage={planUsage} id={hintId} />}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-48 flex-1">
          <Search
            className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search projects"
            placeholder="Search name, description, language, tag"
            className="pl-9"
            value={props.search}
            onChange={(event) => props.onSearch(event.target.value)}
          />
        </div>
        <Button
          variant={props.starredOnly ? 'secondary' : 'outline'}
          aria-pressed={props.starredOnly}
          onClick={() => props.onStarredOnly(!props.starredOnly)}
        >
          <Star className={cn(props.starredOnly && 'fill-amber-400 text-amber-400')} aria-hidden />
          Starred
        </Button>
        <label className="sr-only" htmlFor="project-sort">
          Sort projects
        </label>
        <select
          id="project-sort"
          value={props.sort}
          onChange={(event) => props.onSort(event.target.value as SortKey)}
          className="border-input bg-background h-10 rounded-md border px-3 text-sm"
        >
          {Object.entries(SORTS).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
        <div className="flex rounded-md border p-0.5" role="group" aria-label="View">
          {(
            [
              ['grid', LayoutGrid, 'Grid view'],
              ['list', List, 'List view'],
            ] as const
          ).map(([mode, Icon, label]) => (
            <Button
              key={mode}
              variant={props.view === mode ? 'secondary' : 'ghost'}
              size="icon"
              className="size-8"
              aria-label={label}
              aria-pressed={props.view === mode}
              onClick={() => props.onView(mode)}
            >
              <Icon />
            </Button>
          ))}
        </div>
      </div>
    </div>
  );
}
