import type { ErrorCode } from '@kiln/shared';

/**
 * A non-2xx answer from Kiln's API, read once where the answer arrives (the request helpers),
 * so screens branch on `code` or `status` and show `message` without reading any text back.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The server's stable code; null when the body is not a Kiln error (a proxy's page, nothing). */
  readonly code: ErrorCode | null;
  /** The body's other fields, such as the file as it now is in a stale save's 409. */
  readonly details: Readonly<Record<string, unknown>>;

  /**
   * `message` is the server's sentence when the body is a Kiln error and the status text
   * otherwise.
   */
  constructor(options: {
    status: number;
    code: ErrorCode | null;
    message: string;
    details?: Record<string, unknown>;
  }) {
    super(options.message);
    this.status = options.status;
    this.code = options.code;
    this.details = options.details ?? {};
  }

  /** The error an answer's status and body text stand for. */
  static async fromBody(status: number, statusText: string, body: string): Promise<ApiError> {
    const answer = await readAnswer(body);
    if (!answer) {
      // HTTP/2 answers carry no status text.
      const message = statusText || `The server answered ${status}.`;
      return new ApiError({ status, code: null, message });
    }
    const { error, code, ...details } = answer;
    return new ApiError({ status, code, message: error, details });
  }

  /** Reads a failed answer's body into its ApiError. */
  static async fromResponse(response: Response): Promise<ApiError> {
    const body = await response.text().catch(() => '');
    return ApiError.fromBody(response.status, response.statusText, body);
  }
}

/** Kiln's error body in `body`, or null for anything else. */
async function readAnswer(body: string) {
  const value = parseJson(body);
  if (value === undefined) return null;
  // The schema, and zod with it, arrive with the first failed answer (error-answer-schema.ts).
  // Should that chunk fail to load, the answer reads as not Kiln's rather than as a failed import.
  const schema = await import('./error-answer-schema').then(
    (module) => module.AnswerSchema,
    () => null,
  );
  const parsed = schema?.safeParse(value);
  return parsed?.success ? parsed.data : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's page, plain text or nothing: not a Kiln error body.
    return undefined;
  }
}

/**
 * What a screen says about a failure: the server's sentence when it sent one, else `fallback`
 * (the spec's words for that failure) for an answer that is not Kiln's, or the message of an
 * error thrown before any answer (a lost connection, an answer of the wrong shape).
 */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.code === null ? fallback : error.message;
  if (error instanceof Error) return error.message || fallback;
  return fallback;
}

/**
 * Only the server's sentence, else `fallback`: for failures whose own message (a lost
 * connection, a stream cut off) would say less than the spec's words.
 */
export function serverMessageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== null ? error.message : fallback;
}
