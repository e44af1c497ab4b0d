import type { ProjectFile, ProjectFileEntry } from '@kiln/shared';
import { sql } from 'drizzle-orm';
import { files } from './tables';

/**
 * The columns of a file in the project's file list: no content, only whether it has any (a
 * text file) or not (a folder, a binary file). The text is read when a file is opened.
 */
export const fileEntryColumns = {
  id: files.id,
  projectId: files.projectId,
  path: files.path,
  isDirectory: files.isDirectory,
  hasText: sql<boolean>`(${files.content} is not null)`,
  mimeType: files.mimeType,
  size: files.size,
  version: files.version,
  updatedAt: files.updatedAt,
};

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

interface FileViewBase {
  id: string;
  projectId: string;
  path: string;
  isDirectory: boolean;
  mimeType: string | null;
  size: number;
  version: number;
  updatedAt: Date;
}

export interface FileEntryView extends FileViewBase {
  hasText: boolean;
}

export interface FileView extends FileViewBase {
  content: string | null;
}

export function presentFileEntry(file: FileEntryView): ProjectFileEntry {
  return {
    id: file.id,
    projectId: file.projectId,
    path: file.path,
    isDirectory: file.isDirectory,
    isBinary: !file.isDirectory && !file.hasText,
    mimeType: file.mimeType,
    size: file.size,
    version: file.version,
    updatedAt: file.updatedAt.toISOString(),
  };
}

export function presentFile(file: FileView): ProjectFile {
  return {
    ...presentFileEntry({ ...file, hasText: file.content !== null }),
    content: file.content,
  };
}
