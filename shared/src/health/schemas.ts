import { z } from 'zod';
import { RUN_LANGUAGES, SANDBOX_BACKENDS } from '../exec/schemas';

/**
 * The language runtimes Kiln looks for on its machine at start-up. Node.js is always there
 * (Kiln runs on it); the others decide which files and templates can run.
 */
export const RUNTIME_NAMES = [
  'node',
  'python',
  'go',
  'ruby',
  'bundler',
  'rails',
  'php',
  'java',
  'deno',
  'bun',
] as const;
export type RuntimeName = (typeof RUNTIME_NAMES)[number];

/** One runtime as found at start-up: its version when its `--version` answered. */
export const RuntimeStatusSchema = z.object({
  name: z.enum(RUNTIME_NAMES),
  available: z.boolean(),
  version: z.string().nullable(),
});
export type RuntimeStatus = z.infer<typeof RuntimeStatusSchema>;

/**
 * GET /api/health: 200 when the database, the job queue and the events between instances answer,
 * 503 (same shape) when one does not.
 */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
  mail: z.enum(['smtp', 'outbox']),
  /** How code runs here, decided by the start-up self-test (decision 0007). */
  sandbox: z.object({
    backend: z.enum(SANDBOX_BACKENDS),
    languages: z.array(z.enum(RUN_LANGUAGES)),
    /**
     * What holds each sandbox as a whole: control groups (memory, tasks and CPU weight of all
     * its processes together), or only each process's own limits.
     */
    confinement: z.enum(['cgroups', 'per-process']),
    /**
     * Why terminals, installs and Run app cannot work here (the sandbox's user cannot reach
     * DATA_DIR), with the fix; null when they can.
     */
    problem: z.string().nullable(),
  }),
  /** The background job queue: where it lives and what it holds (null when it cannot be read). */
  jobs: z.object({
    backend: z.enum(['database', 'redis']),
    ok: z.boolean(),
    waiting: z.number().nullable(),
    running: z.number().nullable(),
    failed: z.number().nullable(),
  }),
  /**
   * What carries sign-outs, account and access changes and presence between instances: Redis
   * when instances share one, else this process. `ok` is false while it may be missing events
   * (Redis away): instances then trust no session they validated earlier.
   */
  events: z.object({ backend: z.enum(['local', 'redis']), ok: z.boolean() }),
  /** Every runtime Kiln looks for, found or not, in RUNTIME_NAMES order. */
  runtimes: z.array(RuntimeStatusSchema),
  /**
   * Free space on DATA_DIR's disk (the embedded database, workspaces, installs): `ok` is false
   * under DISK_FREE_WARNING_MB, a warning before writes start failing with 507. It does not
   * make the status degraded: the instance still serves reads and can be given room.
   */
  disk: z.object({
    freeMb: z.number().nullable(),
    warningBelowMb: z.number(),
    ok: z.boolean(),
  }),
  /**
   * How late the server's thread came back to waiting work (requests, terminal keystrokes,
   * socket messages), over the last one to two minutes (`windowSeconds`), in ms: its 99th
   * percentile and worst. High figures mean every answer of this instance waits.
   */
  eventLoop: z.object({ windowSeconds: z.number(), p99Ms: z.number(), maxMs: z.number() }),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof HealthSchema>;
