import { z } from 'zod';

export const ENV_VAR_REQUIRED_MESSAGE = 'Invalid input: Both key and value are required.';
export const ENV_VAR_KEY_MESSAGE =
  'Invalid input: A key is letters, digits and underscores, and does not start with a digit.';
/** Longest key and value Kiln keeps; a run's environment stays far below the system's limits. */
export const ENV_VAR_KEY_MAX = 256;
export const ENV_VAR_VALUE_MAX = 32 * 1024;
/** Variables one project may hold. */
export const ENV_VARS_PER_PROJECT = 200;
/** The masked value shows one dot per character, at most this many. */
export const ENV_VAR_MASK_MAX_DOTS = 20;

/** A project's environment variable: given to its runs, never to an AI model. */
export const EnvVarSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  key: z.string(),
  value: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EnvVar = z.infer<typeof EnvVarSchema>;

export const EnvVarListSchema = z.array(EnvVarSchema);

// A blank key is reported as blank alone, not also as an invalid name.
const required = z
  .string({ error: ENV_VAR_REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: ENV_VAR_REQUIRED_MESSAGE, abort: true });

/** POST /api/env-vars: an existing key of the project is replaced. Both are trimmed. */
export const CreateEnvVarInputSchema = z.object({
  projectId: z.string({ error: 'projectId is required' }).min(1, 'projectId is required'),
  key: required
    .max(ENV_VAR_KEY_MAX, `Invalid input: A key is at most ${ENV_VAR_KEY_MAX} characters.`)
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, ENV_VAR_KEY_MESSAGE),
  value: required.max(
    ENV_VAR_VALUE_MAX,
    `Invalid input: A value is at most ${ENV_VAR_VALUE_MAX / 1024} KB.`,
  ),
});
export type CreateEnvVarInput = z.infer<typeof CreateEnvVarInputSchema>;

/** Masks a value for display: one dot per character, at most ENV_VAR_MASK_MAX_DOTS. */
export function maskEnvValue(value: string): string {
  return '•'.repeat(Math.min(value.length, ENV_VAR_MASK_MAX_DOTS));
}
