import type { Project, ProjectFile, UpdateFileInput } from '@kiln/shared';
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
