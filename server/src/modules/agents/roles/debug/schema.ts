import { z } from 'zod';

/** The debugger's answer: what kind of error, why it happened, and fixes with code. */
export const DebugAnswerSchema = z.object({
  errorType: z.string().min(1),
  rootCause: z.string().min(1),
  suggestedFixes: z
    .array(z.object({ description: z.string().min(1), code: z.string().default('') }))
    .min(1)
    .max(10),
});
export type DebugAnswer = z.infer<typeof DebugAnswerSchema>;
