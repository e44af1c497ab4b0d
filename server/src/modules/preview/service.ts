import { and, eq, inArray } from 'drizzle-orm';
import { FilePathSchema, PREVIEW_LINK_TTL_MS, type PreviewLink } from '@kiln/shared';
import { fromHex, selectBytea } from '../../db/bytea';
import type { DbOrTx } from '../../db/client';
import { files } from '../files/tables';
import type { ProjectRow } from '../projects/tables';
import { projectPreviewOrigin } from './preview-host';
import { createPreviewToken } from './token';

/**
 * A signed link to a project's preview, on the project's own preview origin; `path` names the
 * HTML file to open (else the root). It carries the project's access generation, read with the
 * access check that allowed it, so a later removal or demotion revokes it.
 */
export function createPreviewLink(options: {
  key: Buffer;
  previewOrigin: string;
  project: Pick<ProjectRow, 'id' | 'accessGeneration'>;
  path?: string | undefined;
  now?: Date;
}): PreviewLink {
  const { project } = options;
  const now = options.now ?? new Date();
  // Whole seconds, as the token carries them, so the answer states exactly when it stops working.
  const expiresAt = new Date(Math.floor((now.getTime() + PREVIEW_LINK_TTL_MS) / 1000) * 1000);
  const token = createPreviewToken({
    key: options.key,
    projectId: project.id,
    generation: project.accessGeneration,
    expiresAt,
  });
  const filePath = (options.path ?? '').split('/').map(encodeURIComponent).join('/');
  return {
    url: `${projectPreviewOrigin(options.previewOrigin, project.id)}/p/${token}/${filePath}`,
    expiresAt: expiresAt.toISOString(),
  };
}

export type PreviewFile =
  | {
      kind: 'file';
      path: string;
      content: string | null;
      data: Buffer | null;
      mimeType: string | null;
    }
  /** The path is a folder: the browser must come back with a trailing slash. */
  | { kind: 'folder' }
  | { kind: 'missing' };

/**
 * What a preview URL path names, in one query on the (project_id, path) index: the file itself,
 * or a folder (served by its index.html). `requestPath` is the decoded path after the token.
 */
export async function getPreviewFile(options: {
  db: DbOrTx;
  projectId: string;
  requestPath: string;
}): Promise<PreviewFile> {
  const { requestPath } = options;
  if (!isServablePath(requestPath)) return { kind: 'missing' };
  const isFolderPath = requestPath === '' || requestPath.endsWith('/');
  const wanted = isFolderPath ? `${requestPath}index.html` : requestPath;
  const candidates = isFolderPath ? [wanted] : [wanted, `${wanted}/index.html`];

  const rows = await options.db
    .select({
      path: files.path,
      isDirectory: files.isDirectory,
      content: files.content,
      mimeType: files.mimeType,
      data: selectBytea(files.data),
    })
    .from(files)
    .where(and(eq(files.projectId, options.projectId), inArray(files.path, candidates)));

  const exact = rows.find((row) => row.path === wanted);
  if (exact && !exact.isDirectory) {
    return {
      kind: 'file',
      path: exact.path,
      content: exact.content,
      data: fromHex(exact.data),
      mimeType: exact.mimeType,
    };
  }
  if (!isFolderPath && rows.some((row) => row.path === `${wanted}/index.html`)) {
    return { kind: 'folder' };
  }
  return { kind: 'missing' };
}

/** Only what could be a project path (shared FilePathSchema) can name a file; nothing else can. */
function isServablePath(requestPath: string): boolean {
  const path = requestPath.endsWith('/') ? requestPath.slice(0, -1) : requestPath;
  return path === '' || FilePathSchema.safeParse(path).success;
}
