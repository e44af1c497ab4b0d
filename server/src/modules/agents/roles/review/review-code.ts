import type { AgentFile, ReviewFinding } from '@kiln/shared';
import type { ResolvedModel } from '../../../ai';
import { linesOf } from '../../code-context';
import { askForJson, type AnswerUsage } from '../../structured-answer';
import { REVIEW_SYSTEM, reviewRequest } from './prompt';
import { ReviewAnswerSchema } from './schema';

/**
 * A review of the files: the reviewer's findings, each kept within its file (a line past the end
 * is the last line) so that opening a finding lands on real code.
 */
export async function reviewCode(options: {
  model: ResolvedModel;
  files: readonly AgentFile[];
  context?: string;
  signal: AbortSignal;
  idleMs: number;
}): Promise<{ findings: ReviewFinding[]; usage: AnswerUsage }> {
  const { value, usage } = await askForJson({
    model: options.model,
    role: 'reviewer',
    schema: ReviewAnswerSchema,
    system: REVIEW_SYSTEM,
    messages: [{ role: 'user', content: reviewRequest(options.files, options.context) }],
    signal: options.signal,
    idleMs: options.idleMs,
  });
  const lineCounts = new Map(
    options.files.map((file) => [file.path, linesOf(file.content).length]),
  );
  const findings = value.findings.map((finding) => {
    const lines = lineCounts.get(finding.file);
    return lines ? { ...finding, line: Math.min(finding.line, lines) } : finding;
  });
  return { findings, usage };
}
