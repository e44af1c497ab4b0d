import type {
  CreateFileInput,
  InitialFileResponse,
  Project,
  ProjectFile,
  ProjectFileEntry,
  UpdateFileInput,
} from '@kiln/shared';
import {
  keepPreviousData,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiJson } from '../../lib/request';
import { projectQueryKey } from '../../lib/query-keys';

/**
 * The editor's lean list, `GET /api/files/{projectId}/entries`: no content, so a large project
 * opens fast (docs/decisions/0008-file-list-without-content.md). The default query function
 * fetches the key joined with slashes.
 */
export const filesQueryKey = (projectId: string) => ['/api/files', projectId, 'entries'] as const;

/**
 * One file's text. A file's content at a given id, path and version never changes, so the key
 * names all three: a save, a rename or a file replaced at the same path is a new entry, and an
 * entry is never refetched.
 */
export const fileContentQueryKey = (
  file: Pick<ProjectFileEntry, 'projectId' | 'id' | 'path' | 'version'>,
) => ['file-content', file.projectId, file.id, file.path, file.version] as const;

const initialFileQueryKey = (projectId: string) => ['file-initial', projectId] as const;

export function useProject(projectId: string) {
  return useQuery<Project>({ queryKey: projectQueryKey(projectId) });
}

/**
 * Reads the file list again; it carries each file's version, so an open file whose text changed
 * elsewhere (the AI agent, a generation) is read again too (use-open-file.ts).
 */
export function useRefreshFiles(projectId: string): () => void {
  const queryClient = useQueryClient();
  return useCallback(
    () => void queryClient.invalidateQueries({ queryKey: filesQueryKey(projectId) }),
    [queryClient, projectId],
  );
}

/** The project's files and folders, without their content. */
export function useProjectFiles(projectId: string) {
  return useQuery<ProjectFileEntry[]>({ queryKey: filesQueryKey(projectId) });
}

/** A file as the list knows it, from a file that carries its content. */
export function toFileEntry(file: ProjectFile): ProjectFileEntry {
  const entry: ProjectFileEntry & { content?: string | null } = { ...file };
  delete entry.content;
  return entry;
}

/**
 * Puts a file the server answered with (a save, a conflict) in the caches: its entry in the file
 * list and its text, so opening it again asks nothing.
 */
export function storeFile(queryClient: QueryClient, file: ProjectFile) {
  queryClient.setQueryData(fileContentQueryKey(file), file);
  // Earlier versions are of no more use, and a large file saved every second would pile them up.
  queryClient.removeQueries({
    queryKey: ['file-content', file.projectId, file.id],
    predicate: (query) => query.queryKey[4] !== file.version,
  });
  queryClient.setQueryData<ProjectFileEntry[]>(filesQueryKey(file.projectId), (list) =>
    list?.map((item) => (item.id === file.id ? toFileEntry(file) : item)),
  );
}

/**
 * The file the editor opens first, with its text, asked for alongside the file list (decision
 * 0008); it is stored as that file's content, so opening it waits for nothing more.
 */
export function useInitialFile(projectId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: initialFileQueryKey(projectId),
    queryFn: async () => {
      const { file } = await apiJson<InitialFileResponse>('GET', `/api/files/${projectId}/initial`);
      if (file) queryClient.setQueryData(fileContentQueryKey(file), file);
      return file;
    },
  });
}

/**
 * The text of the open file. Until a newly opened file's text arrives, the previous file's
 * stays (`isPlaceholderData`), so the editor keeps its models instead of unmounting.
 */
export function useFileContent(file: ProjectFileEntry | null, options: { enabled: boolean }) {
  return useQuery({
    queryKey: file ? fileContentQueryKey(file) : ['file-content', 'none'],
    queryFn: () => (file ? getFileContent(file) : Promise.reject(new Error('No file'))),
    enabled: file !== null && options.enabled,
    placeholderData: keepPreviousData,
  });
}

/** A file's text as the server holds it now. */
export function getFileContent(file: Pick<ProjectFileEntry, 'projectId' | 'path'>) {
  return apiJson<ProjectFile>(
    'GET',
    `/api/files/${file.projectId}/content?path=${encodeURIComponent(file.path)}`,
  );
}

export function saveFile(fileId: string, input: UpdateFileInput) {
  return apiJson<ProjectFile>('PATCH', `/api/files/${fileId}`, input);
}

export function createFile(input: CreateFileInput) {
  return apiJson<ProjectFile>('POST', '/api/files', input);
}

export function moveFile(fileId: string, path: string) {
  return apiJson<ProjectFile>('PATCH', `/api/files/${fileId}`, { path });
}

export function deleteFile(fileId: string) {
  return apiJson<{ message: string }>('DELETE', `/api/files/${fileId}`);
}

/** One request, field `files` repeated; each name carries its relative path (a dropped folder). */
export function uploadFiles(projectId: string, entries: { file: File; path: string }[]) {
  const form = new FormData();
  for (const { file, path } of entries) form.append('files', file, path);
  return apiJson<ProjectFile[]>('POST', `/api/files/upload/${projectId}`, form);
}
