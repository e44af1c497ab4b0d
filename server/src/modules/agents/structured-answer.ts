import type { ModelMessage } from 'ai';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { callModel, type ModelCallOptions } from './model-call';

/** What a role's answer cost, summed over its tries. */
export interface AnswerUsage {
  inputTokens: number;
  outputTokens: number;
  attempts: number;
}

/** The JSON object in a model's answer: bare, or in a ```json fence, with prose around it. */
export function extractJson(text: string): unknown {
  const fenced = /```(?:json)?\s*\n([\s\S]*?)\n?```/.exec(text);
  const candidate = fenced?.[1] ?? text;
  const start = candidate.indexOf('{');
  const end = candidate.lastIndexOf('}');
  if (start === -1 || end <= start) throw new SyntaxError('the answer holds no JSON object');
  return JSON.parse(candidate.slice(start, end + 1));
}

/** The first few problems of a failed parse, in words the model can act on. */
function describeProblems(error: unknown): string {
  if (error instanceof SyntaxError) return `it was not valid JSON (${error.message})`;
  const issues = (error as z.ZodError).issues ?? [];
  return issues
    .slice(0, 8)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

/**
 * Asks a model for a JSON answer and validates it against the role's schema: model output is
 * untrusted input. A bad answer is sent back once with what was wrong; a second bad answer
 * fails with AI_INVALID_ANSWER, naming the role.
 */
export async function askForJson<Schema extends z.ZodType>(
  options: ModelCallOptions & { schema: Schema; role: string },
): Promise<{ value: z.output<Schema>; usage: AnswerUsage }> {
  const usage: AnswerUsage = { inputTokens: 0, outputTokens: 0, attempts: 0 };
  const messages: ModelMessage[] = [...options.messages];
  let problem = '';
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    const answer = await callModel({ ...options, messages });
    usage.inputTokens += answer.inputTokens;
    usage.outputTokens += answer.outputTokens;
    usage.attempts = attempt;
    try {
      const value = options.schema.parse(extractJson(answer.text)) as z.output<Schema>;
      return { value, usage };
    } catch (error) {
      problem = describeProblems(error);
      messages.push(
        { role: 'assistant', content: answer.text },
        {
          role: 'user',
          content: `Kiln could not use that answer: ${problem}. Answer again with only the JSON object, exactly in the shape asked for.`,
        },
      );
    }
  }
  throw new AppError(
    'AI_INVALID_ANSWER',
    `The ${options.role} answered twice in a form Kiln could not use (${problem}).`,
  );
}

/** The code in a model's answer: the longest fenced block, else the whole answer. */
export function extractCode(text: string): string | null {
  const blocks = [...text.matchAll(/```[\w+-]*[^\S\n]*\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  if (blocks.length === 0) return null;
  return blocks.reduce((longest, block) => (block.length > longest.length ? block : longest));
}
