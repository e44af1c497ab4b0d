import type { UploadedFile } from '@kiln/shared';
import type { UploadRow } from './tables';

export const uploadUrl = (id: string) => `/api/upload/project-file/${id}`;

/** The create dialog's view of an upload (`UploadedFile` in the public API). */
export function presentUpload(
  row: Pick<UploadRow, 'id' | 'name' | 'mimeType' | 'size' | 'isZip' | 'content'>,
  entries: ReadonlyArray<{ path: string; size: number }>,
): UploadedFile {
  return {
    id: row.id,
    name: row.name,
    type: row.mimeType,
    size: row.size,
    content: row.isZip ? null : row.content,
    url: uploadUrl(row.id),
    isZip: row.isZip,
    fileCount: row.isZip ? entries.length : 1,
    extractedFiles: row.isZip ? entries.map(({ path, size }) => ({ path, size })) : [],
  };
}
