import type { AgentResponse, AgentStreamEvent } from '@kiln/shared';
import { stepCountIs, streamText, type ModelMessage, type StepResult, type ToolSet } from 'ai';
import type { Database } from '../../../db/client';
import type { AppError } from '../../../lib/app-error';
import { ModelIdleError, toAiError } from '../model-errors';
import type { ResolvedModel } from '../providers';
import { StopReason } from '../running-requests';
import { CheckpointRecorder } from './checkpoint-recorder';
import { RepeatGuard } from './repeat-guard';
import { createAgentTools, describeToolCall, type AgentToolContext } from './tools';
import type { StorageCaps } from '../../projects';

export interface AgentLimits {
  maxSteps: number;
  /** Input and output tokens one turn may spend. */
  tokenBudget: number;
  /** Nothing from the model for this long ends the turn. */
  idleMs: number;
}

export interface AgentTurnOptions {
  db: Database;
  /** This server's caps on a project's storage, for every write (modules/projects). */
  storageCaps: StorageCaps;
  userId: string;
  projectId: string;
  model: ResolvedModel;
  system: string;
  /** The conversation so far and the new request, last. */
  messages: ModelMessage[];
  /** The request in words, kept with the checkpoint. */
  request: string;
  limits: AgentLimits;
  tools: Pick<AgentToolContext, 'runFile' | 'searchFiles'>;
  signal: AbortSignal;
  emit(event: AgentStreamEvent): void;
  /**
   * A recorder shared with other work (an orchestration's rounds), which its owner saves as one
   * checkpoint; without it the turn saves its own.
   */
  recorder?: CheckpointRecorder;
}

export interface AgentTurnOutcome {
  response: AgentResponse;
  /** Set when the model failed; the files it changed before are kept, with their checkpoint. */
  failure: AppError | null;
  aborted: boolean;
  durationMs: number;
}

const tokensOf = (steps: readonly StepResult<ToolSet>[]) =>
  steps.reduce(
    (sum, step) => sum + (step.usage.inputTokens ?? 0) + (step.usage.outputTokens ?? 0),
    0,
  );

/**
 * One turn of the agent: the model works through the project's tools until it answers, or a
 * guard rail stops it (step cap, a repeated call, the token budget, silence, the person leaving).
 * Every file it changes goes through the file service; whatever it changed is recorded in a
 * checkpoint, even when the turn ends early, so it can be undone.
 */
export async function runAgentTurn(options: AgentTurnOptions): Promise<AgentTurnOutcome> {
  const { db, userId, projectId, model, limits, emit } = options;
  const started = performance.now();
  const recorder = options.recorder ?? new CheckpointRecorder(db, projectId);
  const guard = new RepeatGuard();
  const tools = createAgentTools({
    db,
    storageCaps: options.storageCaps,
    userId,
    projectId,
    recorder,
    guard,
    ...options.tools,
    onFileChanged: (change) => emit({ type: 'file-changed', change }),
  });

  const controller = new AbortController();
  const stopOnAbort = () => controller.abort(options.signal.reason);
  if (options.signal.aborted) stopOnAbort();
  options.signal.addEventListener('abort', stopOnAbort, { once: true });
  let idleTimer: NodeJS.Timeout | undefined;
  const stillAlive = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(
      () => controller.abort(new ModelIdleError(Math.round(limits.idleMs / 1000))),
      limits.idleMs,
    );
  };

  let text = '';
  const actionLog: string[] = [];
  let inputTokens = 0;
  let outputTokens = 0;
  let steps = 0;
  let lastFinish: string | undefined;
  let failure: AppError | null = null;
  let budgetSpent = false;

  emit({ type: 'start', model: model.label });
  stillAlive();
  try {
    const result = streamText({
      model: model.model,
      system: options.system,
      messages: options.messages,
      tools,
      maxRetries: 1,
      abortSignal: controller.signal,
      // Errors arrive as stream parts and are reported from there, not logged by the SDK.
      onError: () => undefined,
      stopWhen: [
        stepCountIs(limits.maxSteps),
        () => guard.stoppedOn !== null,
        ({ steps: done }) => {
          budgetSpent = tokensOf(done) >= limits.tokenBudget;
          return budgetSpent;
        },
      ],
    });
    for await (const part of result.fullStream) {
      stillAlive();
      switch (part.type) {
        case 'text-delta':
          text += part.text;
          emit({ type: 'text', delta: part.text });
          break;
        case 'tool-call': {
          const summary = describeToolCall(part.toolName, part.input);
          actionLog.push(summary);
          emit({ type: 'tool-call', id: part.toolCallId, tool: part.toolName, summary });
          break;
        }
        case 'tool-result': {
          const output = typeof part.output === 'string' ? part.output : '';
          const ok = !output.startsWith('Error') && !output.startsWith('Stopped');
          emit({
            type: 'tool-result',
            id: part.toolCallId,
            tool: part.toolName,
            ok,
            summary: ok ? 'Done' : (output.split('\n')[0]?.slice(0, 300) ?? ''),
          });
          break;
        }
        case 'tool-error':
          emit({
            type: 'tool-result',
            id: part.toolCallId,
            tool: part.toolName,
            ok: false,
            summary: 'The tool failed',
          });
          break;
        case 'finish-step':
          steps += 1;
          lastFinish = part.finishReason;
          inputTokens += part.usage.inputTokens ?? 0;
          outputTokens += part.usage.outputTokens ?? 0;
          if (text && !text.endsWith('\n')) {
            text += '\n\n';
            emit({ type: 'text', delta: '\n\n' });
          }
          break;
        case 'error':
          throw part.error;
        default:
          break;
      }
    }
  } catch (error) {
    const reason: unknown = controller.signal.reason;
    if (!(controller.signal.aborted && !(reason instanceof ModelIdleError))) {
      failure = toAiError(reason instanceof ModelIdleError ? reason : error, model.provider);
    }
  } finally {
    clearTimeout(idleTimer);
    options.signal.removeEventListener('abort', stopOnAbort);
  }

  const aborted = options.signal.aborted;
  const stopReason = guard.stoppedOn
    ? `Kiln stopped the agent: it called ${guard.stoppedOn} with the same arguments again and again without progress.`
    : budgetSpent
      ? `Kiln stopped the agent: this turn used its budget of ${limits.tokenBudget.toLocaleString('en-GB')} tokens.`
      : steps >= limits.maxSteps && lastFinish === 'tool-calls'
        ? `Kiln stopped the agent after ${limits.maxSteps} steps. Ask it to continue if there is more to do.`
        : aborted
          ? options.signal.reason instanceof StopReason
            ? options.signal.reason.message
            : 'Stopped.'
          : null;

  const { checkpointId, changes: filesModified } = options.recorder
    ? { checkpointId: null, changes: (await recorder.changes()).changes }
    : await recorder.save({ userId, message: options.request });
  const closing = [text.trim(), stopReason, failure?.message].filter(Boolean).join('\n\n');
  const message =
    closing ||
    (filesModified.length > 0
      ? `Changed ${filesModified.length} file${filesModified.length === 1 ? '' : 's'}.`
      : 'Done.');
  return {
    response: {
      message,
      response: message,
      filesModified,
      actionLog,
      checkpointId,
      model: model.label,
      usage: { inputTokens, outputTokens },
      stopReason: stopReason ?? (failure ? failure.message : null),
    },
    failure,
    aborted,
    durationMs: Math.round(performance.now() - started),
  };
}
