import { useCallback } from 'react';
import { useSearchParams } from 'wouter';
import { DEFAULT_SORT, isSortKey, type SortKey } from './project-filters';

export type ViewMode = 'grid' | 'list';

/**
 * Search, starred filter, sort and view live in the URL (so they survive a reload and can
 * be bookmarked or shared). Defaults are left out so a plain /dashboard stays plain.
 */
export function useDashboardParams() {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const state = {
    search: params.get('q') ?? '',
    starredOnly: params.get('starred') === '1',
    sort: isSortKey(sortParam) ? sortParam : DEFAULT_SORT,
    view: (params.get('view') === 'list' ? 'list' : 'grid') as ViewMode,
  };

  const update = useCallback(
    (changes: Partial<{ search: string; starredOnly: boolean; sort: SortKey; view: ViewMode }>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (key: string, value: string | null) =>
            value === null ? next.delete(key) : next.set(key, value);
          if (changes.search !== undefined) set('q', changes.search || null);
          if (changes.starredOnly !== undefined) set('starred', changes.starredOnly ? '1' : null);
          if (changes.sort !== undefined)
            set('sort', changes.sort === DEFAULT_SORT ? null : changes.sort);
          if (changes.view !== undefined)
            set('view', changes.view === 'grid' ? null : changes.view);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return { ...state, update };
}
