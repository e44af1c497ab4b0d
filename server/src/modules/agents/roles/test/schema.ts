import { z } from 'zod';

/** The tester's answer: test cases in words and, where the language allows, runnable files. */
export const TestAnswerSchema = z.object({
  description: z.string().min(1),
  testCases: z
    .array(
      z.object({
        name: z.string().min(1),
        type: z.string().min(1),
        steps: z.array(z.string()).max(30),
        expectedResult: z.string().min(1),
      }),
    )
    .min(1)
    .max(50),
  files: z
    .array(z.object({ path: z.string().min(1).max(300), content: z.string().min(1).max(100_000) }))
    .max(5)
    .default([]),
});
export type TestAnswer = z.infer<typeof TestAnswerSchema>;
