import { z } from 'zod';

/**
 * The one error vocabulary of Kiln (docs/architecture.md, "One request's path"). Every error
 * response is `{ error, code }`; the code is stable, the message is for people.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_TOKEN: 400,
  TOKEN_EXPIRED: 400,
  TOKEN_USED: 400,
  /** An administrator may not delete their own account or remove their own admin flag. */
  OWN_ACCOUNT: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  CSRF_FAILED: 403,
  FORBIDDEN: 403,
  PLAN_LIMIT: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  USERNAME_TAKEN: 409,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** The conversation and context are more than the model can read, even trimmed. */
  AI_CONTEXT_TOO_LONG: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The AI provider refused or failed the request (a bad key, an error of its own). */
  AI_PROVIDER_ERROR: 502,
  /** The model answered twice in a form Kiln could not use (not the JSON its role asks for). */
  AI_INVALID_ANSWER: 502,
  /** The AI provider is rate limiting Kiln or is down for a while. */
  AI_PROVIDER_BUSY: 503,
  /** The AI provider sent nothing for AI_IDLE_TIMEOUT_SECONDS. */
  AI_TIMEOUT: 504,
  SERVICE_UNAVAILABLE: 503,
  /** A file or project needs a language runtime this server lacks (or has too old a version of). */
  RUNTIME_MISSING: 503,
  AI_NOT_CONFIGURED: 503,
  /**
   * The server's disk (its database's, or DATA_DIR's) has no room for the change, which was not
   * made; it goes through once space is freed.
   */
  DISK_FULL: 507,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/**
 * The body of every error response. Some answers add fields of their own beside these two (a
 * stale save's `current` file); a parse that needs them keeps unknown keys (`.loose()`).
 */
export const ErrorBodySchema = z.object({
  /** A sentence for people; never empty. */
  error: z.string().min(1),
  code: z.enum(ERROR_CODES),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export function statusForCode(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
