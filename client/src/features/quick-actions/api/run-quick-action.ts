import {
  DocumentResponseSchema,
  ImproveResponseSchema,
  OptimizeResponseSchema,
  RefactorResponseSchema,
  type QuickAction,
  type QuickActionInput,
} from '@kiln/shared';
import { apiJson } from '../../../lib/request';

/** A quick action's answer: the code proposed in place of the code sent, and why. */
export interface QuickActionAnswer {
  code: string;
  explanation: string;
  model: string;
}

/** Each action answers its code in a field of its own (QUICK_ACTION_FIELDS). */
function readAnswer(action: QuickAction, body: unknown): QuickActionAnswer {
  switch (action) {
    case 'improve': {
      const { modifiedCode, explanation, model } = ImproveResponseSchema.parse(body);
      return { code: modifiedCode, explanation, model };
    }
    case 'optimize': {
      const { optimizedCode, explanation, model } = OptimizeResponseSchema.parse(body);
      return { code: optimizedCode, explanation, model };
    }
    case 'refactor': {
      const { refactoredCode, explanation, model } = RefactorResponseSchema.parse(body);
      return { code: refactoredCode, explanation, model };
    }
    case 'document': {
      const { documentedCode, explanation, model } = DocumentResponseSchema.parse(body);
      return { code: documentedCode, explanation, model };
    }
  }
}

/** POST /api/agent/{improve|optimize|refactor|document}: the model's proposal for the code. */
export async function runQuickAction(
  action: QuickAction,
  input: QuickActionInput,
): Promise<QuickActionAnswer> {
  return readAnswer(action, await apiJson<unknown>('POST', `/api/agent/${action}`, input));
}
