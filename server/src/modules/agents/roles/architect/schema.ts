import { z } from 'zod';

/** The architect's answer: the plan the other roles follow. */
export const ArchitectAnswerSchema = z.object({
  overview: z.string().min(1),
  features: z.array(z.string()).max(50),
  techStack: z.array(z.string()).max(30),
  steps: z
    .array(z.object({ step: z.coerce.number().int().min(1), description: z.string().min(1) }))
    .min(1)
    .max(30),
});
export type ArchitectAnswer = z.infer<typeof ArchitectAnswerSchema>;
