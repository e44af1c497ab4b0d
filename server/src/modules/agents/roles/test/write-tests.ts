import { FilePathSchema, type AgentFile, type TestSuite } from '@kiln/shared';
import type { Database } from '../../../../db/client';
import type { CheckpointRecorder, ResolvedModel } from '../../../ai';
import { writeProjectText } from '../../../ai';
import { isRunnableTest } from '../../orchestration/outcomes';
import { askForJson, type AnswerUsage } from '../../structured-answer';
import { TEST_SYSTEM, testRequest } from './prompt';
import { TestAnswerSchema } from './schema';
import type { StorageCaps } from '../../../projects';

/** Asks the tester for test cases and runnable files; nothing is written. */
export async function generateTests(options: {
  model: ResolvedModel;
  files: readonly AgentFile[];
  userRequest: string;
  signal: AbortSignal;
  idleMs: number;
}) {
  return askForJson({
    model: options.model,
    role: 'tester',
    schema: TestAnswerSchema,
    system: TEST_SYSTEM,
    messages: [{ role: 'user', content: testRequest(options.files, options.userRequest) }],
    signal: options.signal,
    idleMs: options.idleMs,
  });
}

/**
 * The orchestration's test task: the tester's suite, with its runnable files written into the
 * project (kept in the orchestration's checkpoint) so they can run and the person keeps them.
 * A file whose path is not a valid project path, or not a kind Kiln runs, is left out.
 */
export async function writeTests(options: {
  db: Database;
  storageCaps: StorageCaps;
  userId: string;
  projectId: string;
  recorder: CheckpointRecorder;
  model: ResolvedModel;
  files: readonly AgentFile[];
  userRequest: string;
  signal: AbortSignal;
  idleMs: number;
}): Promise<{ suite: TestSuite; usage: AnswerUsage }> {
  const { value, usage } = await generateTests(options);
  const written: string[] = [];
  for (const file of value.files) {
    const path = FilePathSchema.safeParse(file.path);
    if (!path.success || !isRunnableTest(path.data)) continue;
    const outcome = await writeProjectText({
      ...options,
      path: path.data,
      content: file.content,
      onFileChanged: () => undefined,
    });
    if (!outcome.startsWith('Error')) written.push(path.data);
  }
  return {
    suite: {
      description: value.description,
      testCases: value.testCases,
      files: written,
      runs: [],
    },
    usage,
  };
}
