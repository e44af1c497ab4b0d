import multipart from '@fastify/multipart';
import {
  CreateFileInputSchema,
  FILE_LIMITS,
  FilePathQuerySchema,
  InitialFileResponseSchema,
  MessageResponseSchema,
  ProjectFileListSchema,
  ProjectFileSchema,
  SearchFilesInputSchema,
  SearchResultListSchema,
  UpdateFileInputSchema,
  StaleSaveResponseSchema,
  type StaleSaveResponse,
} from '@kiln/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { storedBytesHeaders } from '../../lib/stored-bytes-headers';
import { requireUser, signedIn } from '../auth';
import { getEditableProject, type StorageCaps } from '../projects';
import { registerFileListRoutes } from './list-routes';
import { presentFile } from './presenter';
import { RegexSearchPool } from './regex-pool';
import { searchFiles } from './search';
import { ProjectTextCache } from './text-cache';
import {
  createFile,
  deleteFile,
  getFile,
  getFileBytes,
  getInitialFile,
  moveFile,
  saveFileContent,
  textTooLarge,
  writeUploadedFiles,
} from './service';
import { FILES_MULTIPART_OPTIONS, readUploadedFiles } from './upload';

// Any string: a malformed id is simply a file or project that does not exist (404, never 400).
const ProjectParams = z.object({ projectId: z.string() });
const FileParams = z.object({ id: z.string() });

/** A stale save answers with the current file; a rename onto a taken path is a plain error. */
const ConflictResponseSchema = z.union([
  StaleSaveResponseSchema,
  z.object({ error: z.string(), code: z.literal('CONFLICT') }),
]);

/**
 * A 5 MB text travels as a JSON string, where quotes, backslashes and line breaks take two
 * bytes; past this the body is refused before it is parsed.
 */
const TEXT_BODY_LIMIT = 2 * FILE_LIMITS.textBytes + 64 * 1024;

export interface FileRoutesOptions {
  db: Database;
  /** This server's caps on a project's storage, for every write (modules/projects). */
  storageCaps: StorageCaps;
  /** Told when many files were written at once, so the database's upkeep can follow. */
  afterBulkImport?: () => void;
  /** How long a regex search may run before it is stopped (default 2 s). */
  regexTimeoutMs?: number;
  /** Characters of project text kept in memory for search (default 128 M). */
  searchCacheChars?: number;
}

/** An upload of this many files counts as a bulk import. */
const BULK_IMPORT_FILES = 100;

export function registerFileRoutes(fastify: FastifyInstance, deps: FileRoutesOptions): void {
  const { db } = deps;
  const regexPool = new RegexSearchPool({
    timeoutMs: deps.regexTimeoutMs ?? 2_000,
    maxWorkers: 2,
    maxWaiting: 16,
  });
  const textCache = new ProjectTextCache(deps.searchCacheChars ?? 128 * 1024 * 1024);
  fastify.addHook('onClose', async () => {
    await textCache.settle();
    textCache.clear();
    await regexPool.close();
  });

  void fastify.register(async (scope) => {
    // A text over the limit is said in the file's words, not the parser's; the rest goes on to
    // the app's error handler.
    scope.setErrorHandler((error: FastifyError, request) => {
      const carriesText = request.routeOptions.bodyLimit === TEXT_BODY_LIMIT;
      throw carriesText && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? textTooLarge() : error;
    });
    const app = scope.withTypeProvider<ZodTypeProvider>();

    registerFileListRoutes(scope, { db, textCache });

    app.get(
      '/api/files/:projectId/content',
      {
        onRequest: signedIn,
        schema: {
          params: ProjectParams,
          querystring: FilePathQuerySchema,
          response: { 200: ProjectFileSchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const file = await getFile({
          db,
          userId: user.id,
          projectId: request.params.projectId,
          path: request.query.path,
        });
        return presentFile(file);
      },
    );

    app.get(
      '/api/files/:projectId/initial',
      {
        onRequest: signedIn,
        schema: { params: ProjectParams, response: { 200: InitialFileResponseSchema } },
      },
      async (request) => {
        const user = requireUser(request);
        const file = await getInitialFile({
          db,
          userId: user.id,
          projectId: request.params.projectId,
        });
        return { file: file && presentFile(file) };
      },
    );

    // The bytes of one file (an image shown in the editor), served inert (storedBytesHeaders).
    app.get(
      '/api/files/:projectId/raw',
      {
        onRequest: signedIn,
        schema: { params: ProjectParams, querystring: FilePathQuerySchema },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const file = await getFileBytes({
          db,
          userId: user.id,
          projectId: request.params.projectId,
          path: request.query.path,
        });
        return reply
          .headers(
            storedBytesHeaders({
              mimeType: file.mimeType,
              isText: file.isText,
              disposition: 'inline',
            }),
          )
          .send(file.bytes);
      },
    );

    app.post(
      '/api/files',
      {
        onRequest: signedIn,
        bodyLimit: TEXT_BODY_LIMIT,
        schema: { body: CreateFileInputSchema, response: { 201: ProjectFileSchema } },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const file = await createFile({
          storageCaps: deps.storageCaps,
          db,
          userId: user.id,
          input: request.body,
        });
        return reply.status(201).send(presentFile(file));
      },
    );

    app.patch(
      '/api/files/:id',
      {
        onRequest: signedIn,
        bodyLimit: TEXT_BODY_LIMIT,
        schema: {
          params: FileParams,
          body: UpdateFileInputSchema,
          response: { 200: ProjectFileSchema, 409: ConflictResponseSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { content, baseVersion, path } = request.body;
        const fileId = request.params.id;
        if (path !== undefined) {
          return presentFile(
            await moveFile({ storageCaps: deps.storageCaps, db, userId: user.id, fileId, path }),
          );
        }
        const outcome = await saveFileContent({
          storageCaps: deps.storageCaps,
          db,
          userId: user.id,
          fileId,
          content: content ?? '',
          baseVersion,
        });
        if (outcome.saved) return presentFile(outcome.file);
        const { current } = outcome;
        const stale: StaleSaveResponse = {
          error: `${current.path} was changed elsewhere (it is now at version ${current.version}); your save was not applied`,
          code: 'CONFLICT',
          current: presentFile(current),
        };
        return reply.status(409).send(stale);
      },
    );

    app.delete(
      '/api/files/:id',
      {
        onRequest: signedIn,
        schema: { params: FileParams, response: { 200: MessageResponseSchema } },
      },
      async (request) => {
        const user = requireUser(request);
        const file = await deleteFile({
          storageCaps: deps.storageCaps,
          db,
          userId: user.id,
          fileId: request.params.id,
        });
        return { message: file.isDirectory ? 'Folder deleted' : 'File deleted' };
      },
    );

    app.post(
      '/api/files/search/:projectId',
      {
        onRequest: signedIn,
        schema: {
          params: ProjectParams,
          body: SearchFilesInputSchema,
          response: { 200: SearchResultListSchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        return searchFiles({
          db,
          regexPool,
          textCache,
          userId: user.id,
          projectId: request.params.projectId,
          input: request.body,
        });
      },
    );
  });

  // Multipart is parsed in this scope only, so no other route accepts multipart bodies.
  void fastify.register(async (scope) => {
    await scope.register(multipart, FILES_MULTIPART_OPTIONS);
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/files/upload/:projectId',
      {
        onRequest: signedIn,
        schema: { params: ProjectParams, response: { 200: ProjectFileListSchema } },
      },
      async (request) => {
        const user = requireUser(request);
        const { projectId } = request.params;
        // Ownership is checked again when writing; checking first spares reading a stranger's body.
        await getEditableProject({ db, userId: user.id, projectId });
        const incoming = await readUploadedFiles(request);
        const written = await writeUploadedFiles({
          storageCaps: deps.storageCaps,
          db,
          userId: user.id,
          projectId,
          files: incoming,
        });
        if (written.length >= BULK_IMPORT_FILES) deps.afterBulkImport?.();
        return written.map(presentFile);
      },
    );
  });
}
