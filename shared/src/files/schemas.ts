import { z } from 'zod';

/** Limits on project files. */
export const FILE_LIMITS = {
  /** Largest text file the editor stores. */
  textBytes: 5 * 1024 * 1024,
  /** Largest binary file (an image, a font) an upload may add. */
  binaryBytes: 10 * 1024 * 1024,
  /** All the files of one upload request together. */
  uploadBytes: 50 * 1024 * 1024,
  pathLength: 1024,
  segmentLength: 255,
  depth: 32,
  /** Files per upload request. */
  uploadFiles: 1000,
  searchResults: 50,
  matchesPerFile: 100,
  searchQueryLength: 1000,
} as const;

/** Backslashes, and control characters (C0, DEL and C1), which no file name should carry. */
function hasForbiddenCharacter(path: string): boolean {
  for (let index = 0; index < path.length; index += 1) {
    const code = path.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x5c) return true;
  }
  return false;
}

/**
 * A project-relative path: forward slashes, no leading slash, no empty, `.` or `..` segments,
 * no control characters or backslashes.
 */
export const FilePathSchema = z
  .string({ error: 'path is required' })
  .min(1, 'path is required')
  .max(FILE_LIMITS.pathLength, `path must be at most ${FILE_LIMITS.pathLength} characters`)
  .refine((path) => !path.startsWith('/'), 'path must be relative (no leading /)')
  .refine(
    (path) => !hasForbiddenCharacter(path),
    'path may not contain backslashes or control characters',
  )
  .refine(
    (path) =>
      path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..'),
    'path may not contain empty, "." or ".." segments',
  )
  .refine(
    (path) => path.split('/').every((segment) => segment.length <= FILE_LIMITS.segmentLength),
    `each part of a path must be at most ${FILE_LIMITS.segmentLength} characters`,
  )
  .refine(
    (path) => path.split('/').length <= FILE_LIMITS.depth,
    `path may be at most ${FILE_LIMITS.depth} folders deep`,
  );

export const ProjectFileSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  path: z.string(),
  /** Text content; null for folders and binary files. */
  content: z.string().nullable(),
  isDirectory: z.boolean(),
  isBinary: z.boolean(),
  mimeType: z.string().nullable(),
  size: z.number(),
  /**
   * Goes up by one every time the content changes (a rename keeps it); a save names the version
   * it was based on.
   */
  version: z.number(),
  updatedAt: z.string(),
});
export type ProjectFile = z.infer<typeof ProjectFileSchema>;
export const ProjectFileListSchema = z.array(ProjectFileSchema);

/**
 * A file as the project's file list gives it: everything but the content, which the editor
 * fetches when it opens the file, so opening a large project does not carry all of its text.
 */
export const ProjectFileEntrySchema = ProjectFileSchema.omit({ content: true });
export type ProjectFileEntry = z.infer<typeof ProjectFileEntrySchema>;
export const ProjectFileEntryListSchema = z.array(ProjectFileEntrySchema);

/**
 * The answer of the public `GET /api/files/{projectId}`: every file of the project, each a whole
 * project file with its content. A call of the public API keeps its shape; speed gets a call of its own
 * (docs/decisions/0008-file-list-without-content.md).
 */
export const ProjectFileListResponseSchema = z
  .array(ProjectFileSchema)
  .describe(
    'Every file and folder of the project in path order, each with its content: the text of a ' +
      'text file, null for a folder or a binary file (read its bytes from /api/files/{projectId}/raw).',
  );

/** The answer of `GET /api/files/{projectId}/entries`: the editor's lean list, no content. */
export const ProjectFileEntryListResponseSchema = z
  .array(ProjectFileEntrySchema)
  .describe(
    'Every file and folder of the project in path order, without content: the list the editor ' +
      'opens a project with. Read a text with /api/files/{projectId}/content?path=...',
  );

/** One file of a project, named by its path (its content, or its raw bytes). */
export const FilePathQuerySchema = z.object({ path: FilePathSchema });

/** The file the editor opens first (pickInitialFile), or null when the project has none. */
export const InitialFileResponseSchema = z.object({ file: ProjectFileSchema.nullable() });
export type InitialFileResponse = z.infer<typeof InitialFileResponseSchema>;

export const CreateFileInputSchema = z.object({
  projectId: z.string().min(1, 'projectId is required'),
  path: FilePathSchema,
  content: z.string().optional().default(''),
  isDirectory: z.boolean().optional().default(false),
});
export type CreateFileInput = z.input<typeof CreateFileInputSchema>;

/** Either new content (with the version it was based on) or a new path. */
export const UpdateFileInputSchema = z
  .object({
    content: z.string(),
    /**
     * The version the edit started from; a stale one answers 409 with the current file. Without
     * it the save is unconditional: the last write wins.
     */
    baseVersion: z.number().int().positive(),
    path: FilePathSchema,
  })
  .partial()
  .refine((input) => input.content !== undefined || input.path !== undefined, {
    message: 'Send content or path',
  })
  .refine((input) => input.content === undefined || input.path === undefined, {
    message: 'Send content or path, not both',
  })
  .refine((input) => input.baseVersion === undefined || input.content !== undefined, {
    message: 'baseVersion goes with content',
  });
export type UpdateFileInput = z.input<typeof UpdateFileInputSchema>;

/** The 409 answer to a save based on an old version: the file as it is now. */
export const StaleSaveResponseSchema = z.object({
  error: z.string(),
  code: z.literal('CONFLICT'),
  current: ProjectFileSchema,
});
export type StaleSaveResponse = z.infer<typeof StaleSaveResponseSchema>;

export const SearchFilesInputSchema = z.object({
  query: z
    .string({ error: 'query is required' })
    .max(
      FILE_LIMITS.searchQueryLength,
      `query must be at most ${FILE_LIMITS.searchQueryLength} characters`,
    )
    .refine((query) => query.trim().length > 0, 'query must not be blank'),
  caseSensitive: z.boolean().optional().default(false),
  useRegex: z.boolean().optional().default(false),
});
export type SearchFilesInput = z.input<typeof SearchFilesInputSchema>;

/** Lines and columns are 1-based; columnEnd is exclusive, as in a Monaco range. */
export const SearchMatchSchema = z.object({
  line: z.number(),
  /** The line, or about 500 characters of it around the match when it is longer. */
  lineContent: z.string(),
  columnStart: z.number(),
  columnEnd: z.number(),
  /** Only when lineContent was cut from a longer line: the column of its first character. */
  lineContentStart: z.number().optional(),
});
export const SearchResultSchema = z.object({
  fileId: z.string(),
  filePath: z.string(),
  matches: z.array(SearchMatchSchema),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;
export const SearchResultListSchema = z.array(SearchResultSchema);
