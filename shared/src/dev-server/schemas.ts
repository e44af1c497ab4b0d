import { z } from 'zod';
import type { SubscriptionPlan } from '../plans';

/**
 * A project's dev server: its app (npm run dev, Flask, Django, Go...) started by Run in a sandbox
 * and shown in the preview through Kiln's proxy.
 */
export const DEV_SERVER_STATES = [
  'stopped',
  'installing',
  'starting',
  'running',
  'crashed',
] as const;
export type DevServerState = (typeof DEV_SERVER_STATES)[number];

/** The port Kiln asks the app to listen on (the PORT variable), inside its own sandbox. */
export const DEV_SERVER_PORT = 3000;

/** Dev servers one person may have running at once, by plan. */
export const DEV_SERVERS_PER_PLAN: Record<SubscriptionPlan, number> = {
  free: 1,
  pro: 3,
  enterprise: 10,
};

/** The project file that names the command Run starts, when detection is not what you want. */
export const RUN_SETTINGS_PATH = '.kiln/run.json';

/**
 * `.kiln/run.json`: `{ "command": "node server.js" }`, run by `sh -c` in the project's folder;
 * `port` names the one the preview shows when the app opens several (a client beside its API).
 */
export const RunSettingsSchema = z.object({
  command: z.string().trim().min(1).max(1000),
  port: z.number().int().min(1).max(65535).optional(),
});
export type RunSettings = z.infer<typeof RunSettingsSchema>;

/** POST /api/projects/{id}/dev-server: starts it; `restart` stops a running one first. */
export const StartDevServerInputSchema = z.object({
  restart: z.boolean().optional().default(false),
});
export type StartDevServerInput = z.input<typeof StartDevServerInputSchema>;

/** GET, POST and DELETE /api/projects/{id}/dev-server answer where it stands. */
export const DevServerStatusSchema = z.object({
  state: z.enum(DEV_SERVER_STATES),
  /** The command as a person would type it, or null when stopped. */
  command: z.string().nullable(),
  /** The port the app listens on inside its sandbox, once it does. */
  port: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  /** A signed preview link (decision 0005) while it runs. */
  previewUrl: z.string().nullable(),
  previewExpiresAt: z.string().nullable(),
  /** How a crashed app ended. */
  exitCode: z.number().int().nullable(),
  /** Why it is stopped or crashed, for a person. */
  message: z.string().nullable(),
});
export type DevServerStatus = z.infer<typeof DevServerStatusSchema>;

/**
 * GET /api/projects/{id}/dev-server/logs (Server-Sent Events): what the app printed so far, then
 * as it prints, and every change of state.
 */
export const DevServerEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('output'), data: z.string() }),
  z.object({ type: z.literal('status'), status: DevServerStatusSchema }),
]);
export type DevServerEvent = z.infer<typeof DevServerEventSchema>;
