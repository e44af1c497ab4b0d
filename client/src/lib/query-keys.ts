/**
 * One project (GET /api/projects/{id}), cached under one key: the editor's header, the Git sync
 * and Deploy dialogs read it, and renaming, linking or deploying it writes it back.
 */
export const projectQueryKey = (id: string) => ['/api/projects', id] as const;
