import type { QuickAction } from '@kiln/shared';
import type { ModelMessage } from 'ai';
import { AppError } from '../../../lib/app-error';
import type { ResolvedModel } from '../../ai';
import { callModel } from '../model-call';
import { extractCode } from '../structured-answer';
import { QUICK_ACTION_SYSTEM, quickActionRequest } from './prompts';

export interface QuickActionAnswer {
  code: string;
  explanation: string;
  inputTokens: number;
  outputTokens: number;
}

/**
 * A quick action's proposal: the model's code (the answer's code block) and what it says it
 * changed. An answer without code is sent back once; a second one fails.
 */
export async function proposeChange(options: {
  action: QuickAction;
  code: string;
  fileName?: string | undefined;
  model: ResolvedModel;
  signal: AbortSignal;
  idleMs: number;
}): Promise<QuickActionAnswer> {
  const messages: ModelMessage[] = [
    { role: 'user', content: quickActionRequest(options.action, options.code, options.fileName) },
  ];
  let inputTokens = 0;
  let outputTokens = 0;
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    const answer = await callModel({ ...options, system: QUICK_ACTION_SYSTEM, messages });
    inputTokens += answer.inputTokens;
    outputTokens += answer.outputTokens;
    const code = extractCode(answer.text);
    if (code !== null && code.trim().length > 0) {
      const explanation = answer.text.replace(/```[\s\S]*?```/g, '').trim();
      // The model's block ends with the newline before its fence; the person's code may not.
      const ending = options.code.endsWith('\n') ? '\n' : '';
      return {
        code: code.replace(/\n$/, '') + ending,
        explanation: explanation || 'Changed as asked.',
        inputTokens,
        outputTokens,
      };
    }
    messages.push(
      { role: 'assistant', content: answer.text },
      {
        role: 'user',
        content:
          'That answer had no code block. Answer again: a sentence, then the whole code in one fenced code block.',
      },
    );
  }
  throw new AppError('AI_INVALID_ANSWER', 'The model answered twice without the changed code.');
}
