import {
  AGENT_ROLE_NAMES,
  type AgentRole,
  type QuickAction,
  type ReviewFinding,
  type ReviewInput,
  type TestInput,
  type TestSuite,
} from '@kiln/shared';
import type { UserRow } from '../users/tables';
import { AppError } from '../../lib/app-error';
import type { ResolvedModel } from '../ai';
import { assertWithinAllowance, recordUsage } from '../ai';
import { getEditableProject } from '../projects';
import { recordAgentWork } from './history';
import type { PipelineDeps } from './orchestration/pipeline';
import { proposeChange } from './quick-actions/quick-action';
import { reviewCode } from './roles/review/review-code';
import { generateTests } from './roles/test/write-tests';

const QUICK_ACTION_NAMES: Record<QuickAction, string> = {
  improve: 'Improve',
  optimize: 'Optimize',
  refactor: 'Refactor',
  document: 'Document',
};

type Files = Required<ReviewInput>['files'];

/**
 * The agent calls answered within the request: a review, generated tests and the quick actions.
 * Each checks the project (when named) before any model is asked, counts against the person's
 * allowance, marks its role busy while it works, and leaves a history entry either way.
 */
export class AgentCalls {
  constructor(private readonly deps: PipelineDeps) {}

  async review(
    user: UserRow,
    input: { projectId: string; files: Files },
    signal: AbortSignal,
  ): Promise<{ review: ReviewFinding[] }> {
    const files = input.files.filter((file) => file.content.trim().length > 0);
    if (files.length === 0)
      throw new AppError('VALIDATION_FAILED', 'No files to review: open some files first');
    return this.work(
      user,
      input.projectId,
      'review',
      `Review ${files.map((f) => f.path).join(', ')}`,
      async (model) => {
        const { findings, usage } = await reviewCode({
          model,
          files,
          signal,
          idleMs: this.deps.limits.idleMs,
        });
        return { value: { review: findings }, tokens: [usage.inputTokens, usage.outputTokens] };
      },
    );
  }

  async tests(
    user: UserRow,
    input: Required<Pick<TestInput, 'projectId' | 'files'>> & { userRequest: string },
    signal: AbortSignal,
  ): Promise<{ tests: TestSuite[] }> {
    const files = input.files.filter((file) => file.content.trim().length > 0);
    if (files.length === 0)
      throw new AppError('VALIDATION_FAILED', 'No files to test: open some files first');
    const task = input.userRequest || `Tests for ${files.map((f) => f.path).join(', ')}`;
    return this.work(user, input.projectId, 'test', task, async (model) => {
      const { value, usage } = await generateTests({
        model,
        files,
        userRequest: input.userRequest,
        signal,
        idleMs: this.deps.limits.idleMs,
      });
      // Returned to read or keep, not written: the orchestration is what writes and runs tests.
      const suite: TestSuite = {
        description: value.description,
        testCases: value.testCases,
        files: [],
        runs: [],
      };
      return { value: { tests: [suite] }, tokens: [usage.inputTokens, usage.outputTokens] };
    });
  }

  async quickAction(
    user: UserRow,
    action: QuickAction,
    input: { code: string; fileName?: string | undefined; projectId?: string | undefined },
    signal: AbortSignal,
  ): Promise<{ code: string; explanation: string; model: string }> {
    const task = `${QUICK_ACTION_NAMES[action]} ${input.fileName ?? 'code'}`;
    return this.work(
      user,
      input.projectId ?? null,
      'develop',
      task,
      async (model) => {
        const answer = await proposeChange({
          action,
          code: input.code,
          fileName: input.fileName,
          model,
          signal,
          idleMs: this.deps.limits.idleMs,
        });
        return {
          value: { code: answer.code, explanation: answer.explanation, model: model.label },
          tokens: [answer.inputTokens, answer.outputTokens],
        };
      },
      QUICK_ACTION_NAMES[action],
    );
  }

  private async work<T>(
    user: UserRow,
    projectId: string | null,
    role: AgentRole,
    task: string,
    run: (model: ResolvedModel) => Promise<{ value: T; tokens: [number, number] }>,
    agentName: string = AGENT_ROLE_NAMES[role],
  ): Promise<T> {
    const { db } = this.deps;
    if (projectId !== null) await getEditableProject({ db, userId: user.id, projectId });
    const model = this.deps.roleModels.model(role);
    await assertWithinAllowance(db, user);
    const started = performance.now();
    let success = false;
    let tokens: [number, number] = [0, 0];
    try {
      const done = await this.deps.active.during(user.id, role, () => run(model));
      tokens = done.tokens;
      success = true;
      return done.value;
    } finally {
      const executionMs = performance.now() - started;
      await recordAgentWork(db, {
        userId: user.id,
        projectId,
        agent: agentName,
        task,
        success,
        executionMs,
      });
      if (success) {
        await recordUsage({
          db,
          userId: user.id,
          projectId,
          kind: 'agent',
          provider: model.provider,
          model: model.modelId,
          inputTokens: tokens[0],
          outputTokens: tokens[1],
          durationMs: Math.round(executionMs),
        });
      }
    }
  }
}
