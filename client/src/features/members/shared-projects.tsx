import { Users } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '../../components/ui/badge';
import { useSharedProjects } from './shared-projects-query';
import { ROLE_HINTS, ROLE_LABELS } from './roles';

/**
 * The dashboard's "Shared with you": projects other people own that you are a member of, each
 * with its owner and your role. Nothing is shown while there are none.
 */
export function SharedProjects({ formatUpdated }: { formatUpdated: (iso: string) => string }) {
  const shared = useSharedProjects();
  if (!shared.data || shared.data.length === 0) return null;
  return (
    <section aria-labelledby="shared-projects-heading" className="grid gap-3">
      <h2 id="shared-projects-heading" className="flex items-center gap-2 text-xl font-semibold">
        <Users className="size-5" aria-hidden /> Shared with you
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {shared.data.map((project) => (
          <li
            key={project.id}
            data-testid="shared-project"
            className="bg-card hover:border-primary/50 focus-within:border-primary/50 relative flex flex-col gap-2 rounded-xl border p-4 transition-colors"
          >
            <div className="flex items-start justify-between gap-2">
              <Link
                href={`/editor/${project.id}`}
                className="min-w-0 truncate font-semibold after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
              >
                {project.name}
              </Link>
              <Badge variant="secondary" title={ROLE_HINTS[project.role]} className="shrink-0">
                Shared · {ROLE_LABELS[project.role]}
              </Badge>
            </div>
            <p className="text-muted-foreground truncate text-sm">
              {project.ownerName}&rsquo;s project · Updated {formatUpdated(project.updatedAt)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
