import {
  AGENT_ROLE_NAMES,
  AGENT_ROLES,
  ORCHESTRATION_STOPPED,
  type AgentFile,
  type AgentRole,
  type OrchestrateInput,
  type OrchestrationTask,
  type TestRun,
} from '@kiln/shared';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import {
  CheckpointRecorder,
  projectContext,
  agentSystemPrompt,
  recordUsage,
  runAgentTurn,
  StopReason,
} from '../../ai';
import type { ProjectToolsFactory, AgentLimits, ResolvedModel } from '../../ai';
import type { ActiveRoles } from '../active-roles';
import { recordAgentWork } from '../history';
import type { RoleModels } from '../role-models';
import { ARCHITECT_SYSTEM, architectRequest } from '../roles/architect/prompt';
import { ArchitectAnswerSchema } from '../roles/architect/schema';
import { DEBUG_SYSTEM, debugRequest } from '../roles/debug/prompt';
import { DebugAnswerSchema } from '../roles/debug/schema';
import { developRequest, fixRequest } from '../roles/develop/prompt';
import { reviewCode } from '../roles/review/review-code';
import { writeTests } from '../roles/test/write-tests';
import { askForJson } from '../structured-answer';
import type { OrchestrationBody } from './body';
import { changedFiles, describeFailures, runTestFiles, summarize } from './outcomes';
import type { StorageCaps } from '../../projects';

type OrchestrateValues = Omit<OrchestrateInput, 'mode' | 'context'> & {
  context: { files: AgentFile[] };
};

export interface PipelineDeps {
  db: Database;
  /** This server's caps on a project's storage, for every write (modules/projects). */
  storageCaps: StorageCaps;
  roleModels: RoleModels;
  limits: AgentLimits;
  tools: ProjectToolsFactory;
  active: ActiveRoles;
}

export interface PipelineRun {
  userId: string;
  project: { id: string; name: string; description: string; language: string };
  request: OrchestrateValues;
  signal: AbortSignal;
  /** Called after every change of the body; the store keeps it and tells the browser. */
  onProgress(body: OrchestrationBody): Promise<void>;
}

const STOPPED_BEFORE = 'Stopped before it started.';

/** The debug round's fix gets fewer steps than a build: it changes what is there. */
const FIX_ROUND_MAX_STEPS = 12;

export function freshBody(userRequest: string): OrchestrationBody {
  return {
    tasks: AGENT_ROLES.map((type): OrchestrationTask => ({
      id: type,
      type,
      status: 'pending',
      input: type === 'architect' ? userRequest : '',
      output: '',
      startedAt: null,
      finishedAt: null,
    })),
    plan: null,
    code: [],
    filesModified: [],
    checkpointId: null,
    review: [],
    tests: [],
    debug: null,
    summary: '',
    error: null,
  };
}

/**
 * The orchestration (POST /api/agent/orchestrate): the architect plans, the developer builds
 * through the agent's tools, the reviewer and the tester look at what changed, the tester's
 * runnable files run in the sandbox, and a failure gets the debugger's diagnosis and one fix
 * round. A role that fails leaves its task failed and the rest of the result as far as it got;
 * the plan and the code are needed by what follows, so their failure ends the run. Everything
 * the run changed is one checkpoint.
 */
export async function runPipeline(
  deps: PipelineDeps,
  run: PipelineRun,
): Promise<OrchestrationBody> {
  const { db } = deps;
  const { userId, project, request, signal } = run;
  const body = freshBody(request.userRequest);
  const recorder = new CheckpointRecorder(db, project.id);
  const tools = deps.tools({ userId, projectId: project.id });
  const task = (role: AgentRole) => body.tasks.find((t) => t.type === role) as OrchestrationTask;

  /** Runs one role's task: its state, its output, its history entry and its model's usage. */
  const perform = async <T>(
    role: AgentRole,
    input: string,
    work: (model: ResolvedModel) => Promise<{ value: T; output: string; tokens: [number, number] }>,
  ): Promise<T | null> => {
    const current = task(role);
    if (signal.aborted) {
      current.status = 'failed';
      current.output = STOPPED_BEFORE;
      return null;
    }
    current.status = 'in_progress';
    current.input = input;
    current.startedAt = new Date().toISOString();
    await run.onProgress(body);
    const started = performance.now();
    let success = false;
    let model: ResolvedModel | null = null;
    let tokens: [number, number] = [0, 0];
    try {
      model = deps.roleModels.model(role);
      const chosen = model;
      const done = await deps.active.during(userId, role, () => work(chosen));
      tokens = done.tokens;
      current.status = 'completed';
      current.output = done.output;
      success = true;
      return done.value;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      current.status = 'failed';
      current.output = signal.aborted ? 'Stopped.' : error.message;
      body.error ??= `${AGENT_ROLE_NAMES[role]}: ${current.output}`;
      return null;
    } finally {
      current.finishedAt = new Date().toISOString();
      const executionMs = performance.now() - started;
      await recordAgentWork(db, {
        userId,
        projectId: project.id,
        agent: AGENT_ROLE_NAMES[role],
        task: input,
        success,
        executionMs,
      });
      if (model && tokens[0] + tokens[1] > 0) {
        await recordUsage({
          db,
          userId,
          projectId: project.id,
          kind: 'agent',
          provider: model.provider,
          model: model.modelId,
          inputTokens: tokens[0],
          outputTokens: tokens[1],
          durationMs: Math.round(executionMs),
        });
      }
      await run.onProgress(body);
    }
  };

  /** Tasks that cannot start once what they build on failed. */
  const skipRest = async (after: AgentRole) => {
    for (const role of AGENT_ROLES.slice(AGENT_ROLES.indexOf(after) + 1)) {
      const skipped = task(role);
      skipped.status = 'failed';
      skipped.output = signal.aborted
        ? STOPPED_BEFORE
        : `Not started: the ${AGENT_ROLE_NAMES[after].toLowerCase()}'s task failed.`;
    }
    await run.onProgress(body);
  };

  /** The developer's turn with the project's tools; its changes go into the shared checkpoint. */
  const developTurn = async (model: ResolvedModel, message: string, maxSteps: number) => {
    const context = await projectContext(db, project.id, undefined);
    const outcome = await runAgentTurn({
      db,
      storageCaps: deps.storageCaps,
      userId,
      projectId: project.id,
      model,
      system: agentSystemPrompt({ ...project, ...context }),
      messages: [{ role: 'user', content: message }],
      request: request.userRequest,
      limits: { ...deps.limits, maxSteps },
      tools,
      signal,
      // Each file the developer writes is shown at once (the editor reloads it), not only when
      // the task ends; the list is made exact from the checkpoint when it does.
      emit: (event) => {
        if (event.type !== 'file-changed') return;
        const { change } = event;
        if (!body.filesModified.some((known) => known.path === change.path)) {
          body.filesModified = [...body.filesModified, change];
          void run.onProgress(body);
        }
      },
      recorder,
    });
    if (outcome.failure) throw outcome.failure;
    if (outcome.aborted) throw new AppError('SERVICE_UNAVAILABLE', 'Stopped.');
    body.filesModified = outcome.response.filesModified;
    body.code = await changedFiles(db, project.id, body.filesModified);
    const { inputTokens, outputTokens } = outcome.response.usage;
    return {
      message: outcome.response.message,
      tokens: [inputTokens, outputTokens] as [number, number],
    };
  };

  try {
    const context = await projectContext(db, project.id, undefined);
    const plan = await perform('architect', request.userRequest, async (model) => {
      const { value, usage } = await askForJson({
        model,
        role: 'architect',
        schema: ArchitectAnswerSchema,
        system: ARCHITECT_SYSTEM,
        messages: [
          {
            role: 'user',
            content: architectRequest({
              userRequest: request.userRequest,
              projectName: project.name,
              paths: context.paths.filter((p) => !p.isDirectory).map((p) => p.path),
              openFiles: request.context.files,
            }),
          },
        ],
        signal,
        idleMs: deps.limits.idleMs,
      });
      body.plan = value;
      return { value, output: value.overview, tokens: [usage.inputTokens, usage.outputTokens] };
    });
    if (!plan) return await finish(skipRest('architect'));

    const built = await perform(
      'develop',
      `Carry out the plan's ${plan.steps.length} steps`,
      async (model) => {
        const turn = await developTurn(
          model,
          developRequest(request.userRequest, plan),
          deps.limits.maxSteps,
        );
        return { value: true, output: turn.message, tokens: turn.tokens };
      },
    );
    if (!built) return await finish(skipRest('develop'));

    // What the developer wrote is what gets reviewed and tested; with nothing written, the
    // files the person has open.
    const underTest = body.code.length > 0 ? body.code : request.context.files;
    await perform('review', `Review ${underTest.length} file(s)`, async (model) => {
      const { findings, usage } = await reviewCode({
        model,
        files: underTest,
        context: request.userRequest,
        signal,
        idleMs: deps.limits.idleMs,
      });
      body.review = findings;
      const errors = findings.filter((f) => f.severity === 'error').length;
      return {
        value: findings,
        output: `${findings.length} finding(s), ${errors} error(s).`,
        tokens: [usage.inputTokens, usage.outputTokens],
      };
    });

    const runs: TestRun[] = [];
    await perform('test', `Write and run tests for ${underTest.length} file(s)`, async (model) => {
      const { suite, usage } = await writeTests({
        db,
        storageCaps: deps.storageCaps,
        userId,
        projectId: project.id,
        recorder,
        model,
        files: underTest,
        userRequest: request.userRequest,
        signal,
        idleMs: deps.limits.idleMs,
      });
      runs.push(...(await runTestFiles(tools, suite.files, false)));
      suite.runs = [...runs];
      body.tests = [suite];
      body.filesModified = (await recorder.changes()).changes;
      const passed = runs.filter((r) => r.passed).length;
      return {
        value: suite,
        output:
          runs.length > 0
            ? `${suite.testCases.length} test case(s); ${passed} of ${runs.length} test file(s) passed.`
            : `${suite.testCases.length} test case(s); nothing runnable in the sandbox.`,
        tokens: [usage.inputTokens, usage.outputTokens],
      };
    });

    const failed = runs.filter((r) => !r.passed);
    if (failed.length === 0 && !signal.aborted) {
      const idle = task('debug');
      idle.status = 'completed';
      idle.input = 'Look at failed runs';
      idle.output = 'Nothing failed, so there was nothing to debug.';
      idle.startedAt = idle.finishedAt = new Date().toISOString();
    } else {
      const failures = describeFailures(failed);
      await perform('debug', `Diagnose ${failed.length} failed test file(s)`, async (model) => {
        const testFiles = body.code.filter((file) => failed.some((r) => r.path === file.path));
        const { value: report, usage } = await askForJson({
          model,
          role: 'debugger',
          schema: DebugAnswerSchema,
          system: DEBUG_SYSTEM,
          messages: [
            {
              role: 'user',
              content: debugRequest(request.userRequest, failures, [...underTest, ...testFiles]),
            },
          ],
          signal,
          idleMs: deps.limits.idleMs,
        });
        body.debug = report;
        await run.onProgress(body);
        // One bounded fix round through the developer, then the failed files run again.
        const fix = await developTurn(
          deps.roleModels.model('develop'),
          fixRequest(request.userRequest, report, failures),
          FIX_ROUND_MAX_STEPS,
        );
        const again = await runTestFiles(
          tools,
          failed.map((r) => r.path),
          true,
        );
        const suite = body.tests[0];
        if (suite) suite.runs = [...runs, ...again];
        const fixed = again.filter((r) => r.passed).length;
        return {
          value: report,
          output: `${report.rootCause} After one fix round, ${fixed} of ${again.length} failed test file(s) pass.`,
          tokens: [usage.inputTokens + fix.tokens[0], usage.outputTokens + fix.tokens[1]],
        };
      });
    }
    return await finish(Promise.resolve());
  } catch (error) {
    // Kiln's own fault: what was changed is still saved as a checkpoint before it is reported.
    await saveCheckpoint();
    throw error;
  }

  async function saveCheckpoint() {
    const saved = await recorder.save({ userId, message: `Agents: ${request.userRequest}` });
    body.checkpointId = saved.checkpointId;
    body.filesModified = saved.changes;
    body.code = await changedFiles(db, project.id, saved.changes);
  }

  async function finish(pending: Promise<void>): Promise<OrchestrationBody> {
    await pending;
    if (signal.aborted) {
      body.error =
        signal.reason instanceof StopReason ? signal.reason.message : ORCHESTRATION_STOPPED;
    }
    await saveCheckpoint();
    body.summary = summarize(body);
    return body;
  }
}
