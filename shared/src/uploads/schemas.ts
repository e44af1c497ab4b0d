import { z } from 'zod';

/** Limits on uploads and zip archives; an archive that breaks one is refused whole. */
export const UPLOAD_LIMITS = {
  zipBytes: 50 * 1024 * 1024,
  zipEntries: 5000,
  zipUncompressedBytes: 200 * 1024 * 1024,
  zipCompressionRatio: 100,
  fileBytes: 10 * 1024 * 1024,
} as const;

/** What the create dialog may attach on its start screen. */
export const ATTACHMENT_ACCEPT = 'image/*,.pdf,.txt,.md,.doc,.docx,.json,.csv,.zip,application/zip';

export const ExtractedFileSchema = z.object({ path: z.string(), size: z.number() });

export const UploadedFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number(),
  /** The text of a text file; null for binary files and zips. */
  content: z.string().nullable(),
  /** Where its owner can download it again. */
  url: z.string(),
  isZip: z.boolean(),
  fileCount: z.number(),
  extractedFiles: z.array(ExtractedFileSchema),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;
