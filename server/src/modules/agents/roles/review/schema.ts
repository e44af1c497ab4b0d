import { REVIEW_SEVERITIES } from '@kiln/shared';
import { z } from 'zod';

/** The reviewer's answer: findings, each tied to a file and a line. */
export const ReviewAnswerSchema = z.object({
  findings: z
    .array(
      z.object({
        file: z.string().min(1),
        line: z.coerce.number().int().min(1),
        severity: z.preprocess(
          (value) => (typeof value === 'string' ? value.toLowerCase() : value),
          z.enum(REVIEW_SEVERITIES),
        ),
        category: z.string().min(1),
        message: z.string().min(1),
        suggestion: z.string().default(''),
      }),
    )
    .max(100),
});
export type ReviewAnswer = z.infer<typeof ReviewAnswerSchema>;
