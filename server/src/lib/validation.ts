import type { z } from 'zod';
import { AppError } from './app-error';

/** What describing an issue needs: zod's own issues and fastify's validation entries both give it. */
export type IssueSummary = Pick<z.core.$ZodIssue, 'path' | 'message'>;

/** Turns zod issues into one message that names the field, for a 400 that says what is wrong. */
export function describeIssues(issues: readonly IssueSummary[]): string {
  return issues
    .map((issue) => {
      const field = issue.path.map(String).join('.');
      if (!field || issue.message.toLowerCase().includes(field.toLowerCase())) return issue.message;
      return `${field}: ${issue.message}`;
    })
    .filter((message, index, all) => all.indexOf(message) === index)
    .join('; ');
}

/** For bodies whose schema depends on their shape; routes otherwise validate in the route schema. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new AppError('VALIDATION_FAILED', describeIssues(result.error.issues));
  return result.data;
}
