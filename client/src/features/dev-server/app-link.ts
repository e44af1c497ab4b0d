import { PREVIEW_LINK_TTL_MS, type DevServerStatus } from '@kiln/shared';

/** The running app's preview link the frame shows. */
export interface AppLink {
  url: string;
  expiresAt: string;
  /** Which start of the app it belongs to. */
  startedAt: string;
}

/** A held link this close to its expiry is replaced by the next one the status brings. */
const RENEW_BEFORE_MS = 5 * 60_000;

/**
 * The link the preview frame should show: each status answer carries a fresh one, and taking
 * every one would reload the app on each poll. The held link stays until the app restarts or it
 * nears its expiry (a fresh link expires a full TTL after it was made, so a held link expiring
 * more than TTL - 5 minutes before the fresh one is within 5 minutes of its end).
 */
export function chooseAppLink(held: AppLink | null, status: DevServerStatus | undefined) {
  if (status?.state !== 'running' || !status.previewUrl || !status.startedAt) return null;
  const fresh: AppLink = {
    url: status.previewUrl,
    expiresAt: status.previewExpiresAt ?? '',
    startedAt: status.startedAt,
  };
  if (!held || held.startedAt !== fresh.startedAt) return fresh;
  const lead = Date.parse(fresh.expiresAt) - Date.parse(held.expiresAt);
  return lead > PREVIEW_LINK_TTL_MS - RENEW_BEFORE_MS ? fresh : held;
}
