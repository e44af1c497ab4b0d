import { GenerateProjectInputSchema, PROJECT_DESCRIPTION_MAX } from '@kiln/shared';
import { appThemeInstruction, type AppTheme } from './app-theme';

/** The generation call's own description limit, read from its schema. */
export const GENERATION_BRIEF_MAX =
  GenerateProjectInputSchema.shape.description.maxLength ?? PROJECT_DESCRIPTION_MAX;

const PLAN_HEADING = 'Plan agreed in the planning chat:';
/** Below this, a cut-off plan misleads more than it helps. */
const MIN_PLAN_CHARS = 200;

/**
 * The description sent to POST /api/ai/generate-project: the project's description, the theme
 * instruction and, when the planning chat produced one, the assistant's latest plan. The whole
 * stays within the call's limit, and the plan is what gives way, since the user's own words and
 * choice matter most.
 */
export function buildGenerationBrief({
  description,
  theme,
  plan,
}: {
  description: string;
  theme: AppTheme;
  plan?: string | undefined;
}): string {
  const instruction = appThemeInstruction(theme);
  const reserved = instruction ? instruction.length + 2 : 0;
  const head = [description.trim().slice(0, GENERATION_BRIEF_MAX - reserved), instruction]
    .filter(Boolean)
    .join('\n\n');
  const planText = plan?.trim();
  if (!planText) return head;
  const room = GENERATION_BRIEF_MAX - head.length - PLAN_HEADING.length - 3;
  if (room < MIN_PLAN_CHARS) return head;
  const fitted = planText.length > room ? `${planText.slice(0, room - 1).trimEnd()}…` : planText;
  return [head, `${PLAN_HEADING}\n${fitted}`].filter(Boolean).join('\n\n');
}
