import {
  ProjectFileEntryListResponseSchema,
  ProjectFileListResponseSchema,
  type ProjectFile,
  type ProjectFileEntry,
} from '@kiln/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { requireUser, signedIn } from '../auth';
import { presentFile, presentFileEntry } from './presenter';
import { listFiles, listFilesWithContent } from './service';
import type { ProjectTextCache } from './text-cache';

// Any string: a malformed id is simply a project that does not exist (404, never 400).
const ProjectParams = z.object({ projectId: z.string() });

/**
 * The two lists of a project's files (docs/decisions/0008-file-list-without-content.md): the
 * public call, whose shape never changes for speed, and the editor's lean call of its own.
 */
export function registerFileListRoutes(
  scope: FastifyInstance,
  deps: { db: Database; textCache: ProjectTextCache },
): void {
  const { db, textCache } = deps;
  const app = scope.withTypeProvider<ZodTypeProvider>();

  // The files of a project, for its owner only, each with its content.
  app.get(
    '/api/files/:projectId',
    {
      onRequest: signedIn,
      schema: {
        summary: "The project's files, with their content",
        description:
          "The spec's project file list: every file and folder with every field, content " +
          "included. Kiln's editor opens a project with the lean list, `GET /api/files/{projectId}/entries`.",
        params: ProjectParams,
        response: { 200: ProjectFileListResponseSchema },
      },
    },
    async (request): Promise<ProjectFile[]> => {
      const user = requireUser(request);
      const { projectId } = request.params;
      const rows = await listFilesWithContent({ db, userId: user.id, projectId });
      return rows.map(presentFile);
    },
  );

  // The editor's list carries no content: it fetches a file's text when it opens the file.
  app.get(
    '/api/files/:projectId/entries',
    {
      onRequest: signedIn,
      schema: {
        summary: "The project's files, without content (the editor's list)",
        description:
          'The same files in the same order as `GET /api/files/{projectId}`, every field but ' +
          'content, so a large project opens fast. Read a text with `GET /api/files/{projectId}/content`.',
        params: ProjectParams,
        response: { 200: ProjectFileEntryListResponseSchema },
      },
      // The project is open in an editor, where a search may follow: once the list has been
      // sent (to the owner: anyone else got an error), read its text into the search cache.
      onResponse: (request, reply, done) => {
        const { projectId } = request.params;
        if (reply.statusCode === 200) {
          textCache.warm(db, projectId).catch((error: unknown) => {
            request.log.warn({ err: error, projectId }, 'warming the search cache failed');
          });
        }
        done();
      },
    },
    async (request): Promise<ProjectFileEntry[]> => {
      const user = requireUser(request);
      const rows = await listFiles({ db, userId: user.id, projectId: request.params.projectId });
      return rows.map(presentFileEntry);
    },
  );
}
