import type { Project } from '@kiln/shared';
import { FolderPlus, SearchX } from 'lucide-react';
import {
  lazy,
  Suspense,
  useCallback,
  useDeferredValue,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { isNewAccount } from '../../features/auth';
import { useAuth } from '../../lib/session';
import { PaymentReturn } from '../../features/billing';
import {
  CreateProjectDialog,
  RenameProjectDialog,
  useContinueTemplateChoice,
  usePlanUsage,
  useProjects,
  useUpdateProject,
} from '../../features/projects';
import { DashboardHeader } from './dashboard-header';
import { DeleteProjectDialog } from './dashboard-dialogs';
import { ACTIONS_BUTTON_ATTRIBUTE, ProjectCardSkeleton } from './project-card-skeleton';
import { filterProjects } from './project-filters';
import { ProjectToolbar } from './project-toolbar';
import { SubscriptionCard } from './subscription-card';
import { useDashboardParams } from './use-dashboard-params';
import { VerifyEmailBanner } from './verify-email-banner';
import { SharedProjects } from '../../features/members';
import { formatRelativeTime } from './relative-time';

/** The loading state shows 6 skeleton cards. */
const SKELETON_COUNT = 6;

// The cards (their menu is Radix's dropdown) and the windowing load once there are projects to
// show: a new account's first visit, with none, does without them (bench/page-weight).
const ProjectCollection = lazy(() =>
  import('./project-collection').then((module) => ({ default: module.ProjectCollection })),
);

export default function DashboardPage() {
  const { user } = useAuth();
  const projects = useProjects();
  const params = useDashboardParams();
  // `mutate` keeps its identity between renders, so memoised cards do not all re-render.
  const { mutate: patchProject } = useUpdateProject();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Project | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const createOpener = useRef<HTMLElement | null>(null);
  // Read when the rename dialog has closed, by which time `renaming` is already null.
  const renamedId = useRef<string | null>(null);
  const planUsage = usePlanUsage();
  // Someone who picked a template on /templates, then registered, lands here: carry on.
  useContinueTemplateChoice();

  const startRename = useCallback((project: Project) => {
    renamedId.current = project.id;
    setRenaming(project);
  }, []);

  const openCreate = (event: MouseEvent<HTMLButtonElement>) => {
    createOpener.current = event.currentTarget;
    setCreating(true);
  };

  // Typing in the search box stays responsive even with a thousand projects to filter.
  const search = useDeferredValue(params.search);
  const visible = useMemo(
    () =>
      filterProjects(projects.data ?? [], {
        search,
        starredOnly: params.starredOnly,
        sort: params.sort,
      }),
    [projects.data, search, params.starredOnly, params.sort],
  );

  const toggleStar = useCallback(
    (project: Project) =>
      patchProject(
        { id: project.id, changes: { starred: !project.starred } },
        {
          onError: () => toast({ title: 'Could not update the project', variant: 'destructive' }),
        },
      ),
    [patchProject],
  );

  const [, navigate] = useLocation();
  const openProject = useCallback(
    (event: MouseEvent<HTMLAnchorElement>, project: Project) => {
      // Let the browser handle new-tab and new-window clicks.
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) {
        return;
      }
      event.preventDefault();
      navigate(`/editor/${project.id}`);
    },
    [navigate],
  );

  if (!user) return null;
  const total = projects.data?.length ?? 0;
  const filtering = params.search.trim() !== '' || params.starredOnly;
  const gridClasses =
    params.view === 'grid' ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3' : 'grid gap-2';
  const skeletons = (
    <div className={gridClasses} aria-busy="true" aria-label="Loading projects">
      {Array.from({ length: SKELETON_COUNT }, (_, index) => (
        <ProjectCardSkeleton key={index} view={params.view} />
      ))}
    </div>
  );

  return (
    <div className="min-h-dvh">
      <PaymentReturn />
      <DashboardHeader />
      <main className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
        <VerifyEmailBanner />
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight">Your Projects</h1>
            <p className="text-muted-foreground mt-1">
              {isNewAccount(user.id) ? 'Welcome to Kiln' : 'Welcome back'},{' '}
              {user.name ?? user.email.split('@')[0]}.
            </p>
          </div>
        </div>
        <SubscriptionCard user={user} />
        <ProjectToolbar
          count={projects.data ? total : null}
          shown={visible.length}
          search={params.search}
          starredOnly={params.starredOnly}
          sort={params.sort}
          view={params.view}
          onSearch={(value) => params.update({ search: value })}
          onStarredOnly={(value) => params.update({ starredOnly: value })}
          onSort={(value) => params.update({ sort: value })}
          onView={(value) => params.update({ view: value })}
          onNewProject={openCreate}
          onNewProjectIntent={CreateProjectDialog.preload}
          planUsage={planUsage}
        />

        {projects.isPending ? (
          skeletons
        ) : projects.isError ? (
          <EmptyState
            icon={<SearchX className="size-10" aria-hidden />}
            title="Could not load your projects"
            text={projects.error.message}
            action={<Button onClick={() => void projects.refetch()}>Try again</Button>}
          />
        ) : total === 0 ? (
          <EmptyState
            icon={<FolderPlus className="size-10" aria-hidden />}
            title="No projects yet"
            text="Start from a template, import a zip, or describe what you want to build."
            action={
              <Button
                onClick={openCreate}
                onPointerEnter={CreateProjectDialog.preload}
                onFocus={CreateProjectDialog.preload}
                onTouchStart={CreateProjectDialog.preload}
              >
                Create Your First Project
              </Button>
            }
          />
        ) : visible.length === 0 ? (
          <EmptyState
            icon={<SearchX className="size-10" aria-hidden />}
            title="No projects found"
            text={filtering ? 'Nothing matches your search and filters.' : ''}
            action={
              <Button
                variant="outline"
                onClick={() => params.update({ search: '', starredOnly: false })}
              >
                Clear Filters
              </Button>
            }
          />
        ) : (
          <Suspense fallback={skeletons}>
            <ProjectCollection
              projects={visible}
              view={params.view}
              onOpen={openProject}
              onToggleStar={toggleStar}
              onRename={startRename}
              onDelete={setDeleting}
            />
          </Suspense>
        )}
        <SharedProjects formatUpdated={formatRelativeTime} />
      </main>
      <CreateProjectDialog
        open={creating}
        onOpenChange={setCreating}
        returnFocusRef={createOpener}
      />
      <RenameProjectDialog
        project={renaming}
        onClose={() => setRenaming(null)}
        returnFocusTo={() =>
          document.querySelector<HTMLElement>(
            `[${ACTIONS_BUTTON_ATTRIBUTE}="${renamedId.current ?? ''}"]`,
          )
        }
      />
      <DeleteProjectDialog project={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <div className="text-muted-foreground grid justify-items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
      {icon}
      <h2 className="text-foreground text-xl font-semibold">{title}</h2>
      {text && <p className="max-w-md text-sm">{text}</p>}
      {action}
    </div>
  );
}
