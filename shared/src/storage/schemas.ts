import { z } from 'zod';
import { SUBSCRIPTION_PLANS } from '../plans';

/** One measure of a project's storage (its bytes, or its files and folders) against its quota. */
export const StorageMeasureSchema = z.object({
  used: z.number(),
  limit: z.number(),
  /**
   * True when the limit is this server's own (PROJECT_MAX_MB, PROJECT_MAX_FILES), lower than
   * the plan's: upgrading does not raise it.
   */
  serverLimit: z.boolean(),
});
export type StorageMeasure = z.infer<typeof StorageMeasureSchema>;

/** GET /api/projects/{id}/storage: what the project holds and may hold, by its owner's plan. */
export const ProjectStorageSchema = z.object({
  projectId: z.string(),
  /** The owner's plan, which sets the quota whoever writes. */
  plan: z.enum(SUBSCRIPTION_PLANS),
  bytes: StorageMeasureSchema,
  /** Files and folders together. */
  entries: StorageMeasureSchema,
});
export type ProjectStorage = z.infer<typeof ProjectStorageSchema>;
