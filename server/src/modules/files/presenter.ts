import type { ProjectFile } from '@kiln/shared';
import { files } from '../../db/schema';

/**
 * Every column a file is presented with. The bytes of binary files are left out: they can be
 * large, are slow to read as a plain bytea (db/bytea.ts), and are served by the raw route.
 */
export const fileColumns = {
  id: files.id,
  projectId: files.projectId,
  path: files.path,
  isDirectory: files.isDirectory,
  content: files.content,
  mimeType: files.mimeType,
  size: files.size,
  version: files.version,
  updatedAt: files.updatedAt,
};

export interface FileView {
  id: string;
  projectId: string;
  path: string;
  isDirectory: boolean;
  content: string | null;
  mimeType: string | null;
  size: number;
  version: number;
  updatedAt: Date;
}

export function presentFile(file: FileView): ProjectFile {
  return {
    id: file.id,
    projectId: file.projectId,
    path: file.path,
    content: file.content,
    isDirectory: file.isDirectory,
    isBinary: !file.isDirectory && file.content === null,
    mimeType: file.mimeType,
    size: file.size,
    version: file.version,
    updatedAt: file.updatedAt.toISOString(),
  };
}
