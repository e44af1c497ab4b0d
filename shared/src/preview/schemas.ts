import { z } from 'zod';

/**
 * How long a preview link works (links are signed and expiring, decision 0005). Short, as a link
 * is a bearer credential: the editor fetches a fresh one well before it ends.
 */
export const PREVIEW_LINK_TTL_MS = 15 * 60 * 1000;

/** The `source` of every message the injected preview console posts to its parent window. */
export const PREVIEW_MESSAGE_SOURCE = 'kiln-preview';

/** GET /api/projects/{id}/preview: a link to the project's preview on its own preview origin. */
export const PreviewLinkSchema = z.object({
  /**
   * `http(s)://p-<project id>.<PREVIEW_ORIGIN's host>/p/${token}/`, followed by the requested
   * file's path when one was asked for.
   */
  url: z.string(),
  /**
   * ISO time after which the link answers 403; ask for a new one before then. It answers 403
   * sooner if the project's access changes (a member removed or made a viewer).
   */
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
