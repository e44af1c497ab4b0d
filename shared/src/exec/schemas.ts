import { z } from 'zod';
import { FILE_LIMITS, FilePathSchema } from '../files/schemas';
import { MissingPackageSchema } from '../packages/schemas';

/**
 * Limits on one run of user code (decision 0007). The server enforces them; the client
 * shows them when a run hits one.
 */
export const EXEC_LIMITS = {
  wallMs: 10_000,
  cpuSeconds: 5,
  memoryBytes: 256 * 1024 * 1024,
  processes: 64,
  outputBytes: 64 * 1024,
  writtenBytes: 10 * 1024 * 1024,
} as const;

/** What runs a file, chosen by its extension. */
export const RUN_LANGUAGES = ['javascript', 'typescript', 'python'] as const;
export type RunLanguage = (typeof RUN_LANGUAGES)[number];

export const RUN_EXTENSIONS: Record<string, RunLanguage> = {
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.py': 'python',
};

/** The language a file runs as, or null when Kiln cannot run it. */
export function runLanguageOf(filePath: string): RunLanguage | null {
  const dot = filePath.lastIndexOf('.');
  if (dot <= filePath.lastIndexOf('/')) return null;
  return RUN_EXTENSIONS[filePath.slice(dot).toLowerCase()] ?? null;
}

export const SUPPORTED_RUN_FILES = 'JavaScript (.js, .mjs, .cjs), TypeScript (.ts) or Python (.py)';

/** POST /api/projects/{id}/execute. `code` is the editor's text, unsaved or not. */
export const ExecuteInputSchema = z.object({
  filePath: FilePathSchema,
  code: z
    .string({ error: 'code must be text' })
    .refine(
      (code) => code.length <= FILE_LIMITS.textBytes,
      `code must be at most ${FILE_LIMITS.textBytes / (1024 * 1024)} MB`,
    ),
  /** Some clients send it; the file's extension decides. */
  language: z.string().max(32).optional().default('javascript'),
});
export type ExecuteInput = z.input<typeof ExecuteInputSchema>;

export const SANDBOX_BACKENDS = ['bubblewrap', 'quickjs'] as const;
export type SandboxBackend = (typeof SANDBOX_BACKENDS)[number];

/** Which limit ended a run early, if any. */
export const RUN_LIMITS_HIT = ['time', 'cpu', 'memory', 'output'] as const;
export type RunLimitHit = (typeof RUN_LIMITS_HIT)[number];

export const ExecuteResultSchema = z.object({
  /** What the program printed to standard output. */
  output: z.string(),
  /** Standard error, or why the run failed; null when it ended cleanly and quietly. */
  error: z.string().nullable(),
  exitCode: z.number().int().nullable(),
  durationMs: z.number().int().nonnegative(),
  /** True when output beyond EXEC_LIMITS.outputBytes was cut. */
  truncated: z.boolean(),
  limit: z.enum(RUN_LIMITS_HIT).nullable(),
  language: z.enum(RUN_LANGUAGES),
  backend: z.enum(SANDBOX_BACKENDS),
  /** Set when the run failed on a missing package: the editor then offers to install. */
  missingPackage: MissingPackageSchema.nullable().optional(),
});
export type ExecuteResult = z.infer<typeof ExecuteResultSchema>;
