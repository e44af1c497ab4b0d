import { ErrorBodySchema } from '@kiln/shared';

/**
 * Kiln's error body with whatever fields an answer adds beside `error` and `code`. A module of its
 * own, which api-error.ts loads with the first failed answer: zod is not in the JavaScript a
 * first visit downloads (bench/page-weight).
 */
export const AnswerSchema = ErrorBodySchema.loose();
