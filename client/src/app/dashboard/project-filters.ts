import type { Project } from '@kiln/shared';

export const SORTS = {
  updated: 'Recently Updated',
  created: 'Recently Created',
  name: 'Name A-Z',
  language: 'Language',
} as const;
export type SortKey = keyof typeof SORTS;
/** The default sort is by date modified. */
export const DEFAULT_SORT: SortKey = 'updated';

export interface ProjectFilters {
  search: string;
  starredOnly: boolean;
  sort: SortKey;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Search is case-insensitive over name, description, language and tags. */
export function matchesSearch(project: Project, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [project.name, project.description, project.language, ...project.tags].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

const COMPARATORS: Record<SortKey, (a: Project, b: Project) => number> = {
  updated: (a, b) => b.updatedAt.localeCompare(a.updatedAt),
  created: (a, b) => b.createdAt.localeCompare(a.createdAt),
  name: (a, b) => collator.compare(a.name, b.name),
  language: (a, b) => collator.compare(a.language, b.language) || collator.compare(a.name, b.name),
};

export function filterProjects(projects: readonly Project[], filters: ProjectFilters): Project[] {
  return projects
    .filter(
      (project) =>
        (!filters.starredOnly || project.starred) && matchesSearch(project, filters.search),
    )
    .sort(COMPARATORS[filters.sort]);
}

export function isSortKey(value: string | null): value is SortKey {
  return value !== null && Object.hasOwn(SORTS, value);
}
