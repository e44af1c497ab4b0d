import type { CreateFileInput, Project, ProjectFile, UpdateFileInput } from '@kiln/shared';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/request';
import { projectQueryKey } from '../projects/api';

export const filesQueryKey = (projectId: string) => ['/api/files', projectId] as const;

export function useProject(projectId: string) {
  return useQuery<Project>({ queryKey: projectQueryKey(projectId) });
}

export function useProjectFiles(projectId: string) {
  return useQuery<ProjectFile[]>({ queryKey: filesQueryKey(projectId) });
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
