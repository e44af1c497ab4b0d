import { z } from 'zod';

/** How long a preview link works (links are signed and expiring, decision 0005). */
export const PREVIEW_LINK_TTL_MS = 60 * 60 * 1000;

/** The `source` of every message the injected preview console posts to its parent window. */
export const PREVIEW_MESSAGE_SOURCE = 'kiln-preview';

/** GET /api/projects/{id}/preview: a link to the project's preview on the preview origin. */
export const PreviewLinkSchema = z.object({
  /** `${PREVIEW_ORIGIN}/p/${token}/`, followed by the requested file's path when one was asked for. */
  url: z.string(),
  /** ISO time after which the link answers 403; ask for a new one before then. */
  expiresAt: z.string(),
});
export type PreviewLink = z.infer<typeof PreviewLinkSchema>;

export const PREVIEW_CONSOLE_LEVELS = ['log', 'info', 'warn', 'error', 'debug'] as const;

/** What the preview's console script (its injected developer-tools console) posts to the editor. */
export const PreviewConsoleMessageSchema = z.object({
  source: z.literal(PREVIEW_MESSAGE_SOURCE),
  level: z.enum(PREVIEW_CONSOLE_LEVELS),
  args: z.array(z.string()),
  timestamp: z.number(),
});
export type PreviewConsoleMessage = z.infer<typeof PreviewConsoleMessageSchema>;
