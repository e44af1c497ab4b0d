import {
  PREVIEW_MESSAGE_SOURCE,
  PreviewConsoleMessageSchema,
  type PreviewConsoleMessage,
} from '@kiln/shared';

/**
 * The console message a postMessage event carries from the preview frame, or null for any other
 * event. Only the frame's own window, at the origin of the link it was given, may write to the
 * console: that origin is the project's own (`p-<project id>.` under the preview host, decision
 * 0005), so another project's preview, the app's own pages and any page the frame navigated to
 * are all refused.
 */
export function frameConsoleMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  frame: { origin: string | null; window: MessageEventSource | null | undefined },
): PreviewConsoleMessage | null {
  if (frame.origin === null || event.origin !== frame.origin) return null;
  if (!frame.window || event.source !== frame.window) return null;
  const parsed = PreviewConsoleMessageSchema.safeParse(event.data);
  return parsed.success && parsed.data.source === PREVIEW_MESSAGE_SOURCE ? parsed.data : null;
}
