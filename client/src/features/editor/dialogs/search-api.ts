import type { SearchFilesInput, SearchResult } from '@kiln/shared';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/request';

/**
 * Search in files (POST /api/files/search). A mutation rather than a query: each search is an explicit
 * request, and a later one supersedes an earlier one still in flight.
 */
export function useSearchFiles(projectId: string) {
  return useMutation({
    mutationFn: (input: SearchFilesInput) =>
      apiJson<SearchResult[]>('POST', `/api/files/search/${projectId}`, input),
  });
}
