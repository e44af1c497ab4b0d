import type { FileChange, TestRun } from '@kiln/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { files } from '../../files/tables';
import { AppError } from '../../../lib/app-error';
import type { ProjectTools } from '../../ai';
import type { OrchestrationBody } from './body';

/** Files Kiln can run as tests in the sandbox. */
const RUNNABLE_TEST = /\.(?:m?js|cjs|ts|py)$/;
const RUN_OUTPUT_MAX_CHARS = 4_000;

export const isRunnableTest = (path: string) => RUNNABLE_TEST.test(path);

/** The text files the changes left, as they are now: the result's `code`. */
export async function changedFiles(
  db: Database,
  projectId: string,
  changes: readonly FileChange[],
): Promise<{ path: string; content: string }[]> {
  const paths = changes.filter((change) => change.action !== 'deleted').map((c) => c.path);
  if (paths.length === 0) return [];
  const rows = await db
    .select({ path: files.path, content: files.content })
    .from(files)
    .where(and(eq(files.projectId, projectId), inArray(files.path, paths)));
  return rows
    .filter((row): row is { path: string; content: string } => row.content !== null)
    .sort((a, b) => paths.indexOf(a.path) - paths.indexOf(b.path));
}

function clipOutput(text: string): string {
  return text.length <= RUN_OUTPUT_MAX_CHARS
    ? text
    : `${text.slice(0, RUN_OUTPUT_MAX_CHARS)}\n… (${text.length - RUN_OUTPUT_MAX_CHARS} more characters)`;
}

/** Runs each test file in the sandbox, one after another, as the Run button would. */
export async function runTestFiles(
  tools: ProjectTools,
  paths: readonly string[],
  afterFix: boolean,
): Promise<TestRun[]> {
  const runs: TestRun[] = [];
  for (const path of paths.filter(isRunnableTest)) {
    try {
      const result = await tools.runFile(path);
      const passed = result.exitCode === 0 && result.limit === null;
      const output = [result.output, result.error ?? ''].filter(Boolean).join('\n');
      runs.push({
        path,
        passed,
        output: clipOutput(output || (passed ? 'Passed.' : 'Failed.')),
        afterFix,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      runs.push({
        path,
        passed: false,
        output: `Kiln could not run it: ${error.message}`,
        afterFix,
      });
    }
  }
  return runs;
}

/** The failed runs as the debugger and the fix round read them. */
export function describeFailures(failed: readonly TestRun[]): string {
  return failed.map((run) => `${run.path}:\n${run.output}`).join('\n\n');
}

/** The result's summary: what each role did, in a few sentences. */
export function summarize(body: OrchestrationBody): string {
  const done = body.tasks.filter((t) => t.status === 'completed').length;
  const parts = [`${done} of ${body.tasks.length} tasks completed.`];
  if (body.plan) parts.push(`Plan: ${body.plan.overview}`);
  if (body.filesModified.length > 0) {
    parts.push(
      `Changed ${body.filesModified.length} file(s): ${body.filesModified.map((f) => f.path).join(', ')}.`,
    );
  }
  const errors = body.review.filter((f) => f.severity === 'error').length;
  if (body.tasks.find((t) => t.type === 'review')?.status === 'completed') {
    parts.push(`Review: ${body.review.length} finding(s), ${errors} error(s).`);
  }
  const runs = body.tests.flatMap((suite) => suite.runs);
  const last = new Map(runs.map((run) => [run.path, run]));
  if (last.size > 0) {
    const passing = [...last.values()].filter((run) => run.passed).length;
    parts.push(`Tests: ${passing} of ${last.size} test file(s) pass.`);
  }
  if (body.debug) parts.push(`Debugged: ${body.debug.rootCause}`);
  if (body.error) parts.push(`Failed: ${body.error}`);
  return parts.join(' ');
}
