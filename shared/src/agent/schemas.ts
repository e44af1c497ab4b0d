import { z } from 'zod';
import { FileChangeSchema } from '../ai/schemas';
import { ProjectFileSchema } from '../files/schemas';

/**
 * The multi-agent side of the editor: the orchestration (five roles working in turn), code
 * review, generated tests and the quick actions. The roles' own answer schemas live with their
 * prompts on the server; these are the calls' shapes.
 */

export const AGENT_ROLES = ['architect', 'develop', 'review', 'test', 'debug'] as const;
export type AgentRole = (typeof AGENT_ROLES)[number];
export const AgentRoleSchema = z.enum(AGENT_ROLES);

/** What each role is called where people see it (agent status, history). */
export const AGENT_ROLE_NAMES: Record<AgentRole, string> = {
  architect: 'Architect',
  develop: 'Developer',
  review: 'Reviewer',
  test: 'Tester',
  debug: 'Debugger',
};

export const QUICK_ACTIONS = ['improve', 'optimize', 'refactor', 'document'] as const;
export type QuickAction = (typeof QUICK_ACTIONS)[number];

export const TASK_STATES = ['pending', 'in_progress', 'completed', 'failed'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** Code sent to the agent: at most 200 files of 200,000 characters each. */
export const AGENT_FILES_MAX = 200;
export const AGENT_FILE_CHARS_MAX = 200_000;
export const AGENT_REQUEST_MAX = 20_000;

export const AgentFileSchema = z.object({
  path: z.string().trim().min(1, 'A file needs a path').max(1024),
  content: z.string().max(AGENT_FILE_CHARS_MAX, 'A file must be at most 200,000 characters'),
});
export type AgentFile = z.infer<typeof AgentFileSchema>;

const UserRequestSchema = z
  .string({ error: 'Please describe what you want to build' })
  .trim()
  .min(1, 'Please describe what you want to build')
  .max(AGENT_REQUEST_MAX, 'A request must be at most 20,000 characters');

// ---- Role outputs (the orchestration result's parts) ----

export const PlanSchema = z.object({
  overview: z.string(),
  features: z.array(z.string()),
  techStack: z.array(z.string()),
  steps: z.array(z.object({ step: z.number().int(), description: z.string() })),
});
export type Plan = z.infer<typeof PlanSchema>;

export const REVIEW_SEVERITIES = ['error', 'warning', 'info'] as const;
export const ReviewFindingSchema = z.object({
  file: z.string(),
  line: z.number().int().min(1),
  severity: z.enum(REVIEW_SEVERITIES),
  category: z.string(),
  message: z.string(),
  suggestion: z.string(),
});
export type ReviewFinding = z.infer<typeof ReviewFindingSchema>;

export const TestCaseSchema = z.object({
  name: z.string(),
  type: z.string(),
  steps: z.array(z.string()),
  expectedResult: z.string(),
});
export type TestCase = z.infer<typeof TestCaseSchema>;

/** A generated test file Kiln ran in the sandbox, and how it went. */
export const TestRunSchema = z.object({
  path: z.string(),
  passed: z.boolean(),
  /** What it printed (clipped), or why it failed. */
  output: z.string(),
  /** Whether this is the second run, after the debug round's fix. */
  afterFix: z.boolean(),
});
export type TestRun = z.infer<typeof TestRunSchema>;

export const TestSuiteSchema = z.object({
  description: z.string(),
  testCases: z.array(TestCaseSchema),
  /** The runnable test files written into the project, when the language allows. */
  files: z.array(z.string()).default([]),
  /** Each file's run in the sandbox. */
  runs: z.array(TestRunSchema).default([]),
});
export type TestSuite = z.infer<typeof TestSuiteSchema>;

export const DebugReportSchema = z.object({
  errorType: z.string(),
  rootCause: z.string(),
  suggestedFixes: z.array(z.object({ description: z.string(), code: z.string() })),
});
export type DebugReport = z.infer<typeof DebugReportSchema>;

export const OrchestrationTaskSchema = z.object({
  id: z.string(),
  type: AgentRoleSchema,
  status: z.enum(TASK_STATES),
  /** What the role was asked, in words. */
  input: z.string(),
  /** What it answered, in words (a failure's reason when it failed). */
  output: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type OrchestrationTask = z.infer<typeof OrchestrationTaskSchema>;

// ---- POST /api/agent/orchestrate ----

export const OrchestrateInputSchema = z.object({
  projectId: z.string().min(1, 'projectId is required'),
  userRequest: UserRequestSchema,
  mode: z.literal('full').default('full'),
  /** The files the person has open; the rest are read through the agent's tools. */
  context: z.object({ files: z.array(AgentFileSchema).max(AGENT_FILES_MAX).default([]) }).default({
    files: [],
  }),
});
export type OrchestrateInput = z.input<typeof OrchestrateInputSchema>;

export const ORCHESTRATION_STATES = ['queued', 'running', 'completed', 'failed'] as const;
export type OrchestrationState = (typeof ORCHESTRATION_STATES)[number];

/**
 * The orchestration's answer (spec: tasks, plan, code, review, tests, debug, summary), and what
 * GET /api/agent/orchestrations/{id} reads back while it runs. A failed role leaves its task
 * failed and the rest of the result as far as it got.
 */
export const OrchestrationResultSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  status: z.enum(ORCHESTRATION_STATES),
  userRequest: z.string(),
  tasks: z.array(OrchestrationTaskSchema),
  plan: PlanSchema.nullable(),
  /** The files the developer wrote, as they ended. */
  code: z.array(z.object({ path: z.string(), content: z.string() })),
  filesModified: z.array(FileChangeSchema),
  /** Undoes everything the orchestration changed (POST /api/ai/checkpoints/{id}/restore). */
  checkpointId: z.string().nullable(),
  review: z.array(ReviewFindingSchema),
  tests: z.array(TestSuiteSchema),
  debug: DebugReportSchema.nullable(),
  summary: z.string(),
  /** Set when a task failed: the toast's message. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type OrchestrationResult = z.infer<typeof OrchestrationResultSchema>;

/**
 * Live progress when the request asks for `Accept: text/event-stream`:
 * a `progress` event with the whole result each time a task changes, then `done` or `error`.
 */
export const OrchestrationEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), result: OrchestrationResultSchema }),
  z.object({ type: z.literal('done'), result: OrchestrationResultSchema }),
  z.object({ type: z.literal('error'), error: z.string(), code: z.string() }),
]);
export type OrchestrationEvent = z.infer<typeof OrchestrationEventSchema>;

/** GET /api/agent/orchestrations?projectId=…: the project's recent orchestrations, newest first. */
export const OrchestrationListQuerySchema = z.object({ projectId: z.string().min(1) });
export const OrchestrationListSchema = z.object({
  orchestrations: z.array(OrchestrationResultSchema),
});

// ---- POST /api/agent/review and /api/agent/test ----

export const ReviewInputSchema = z.object({
  projectId: z.string().min(1, 'projectId is required'),
  files: z.array(AgentFileSchema).max(AGENT_FILES_MAX),
});
export type ReviewInput = z.input<typeof ReviewInputSchema>;
export const ReviewResponseSchema = z.object({ review: z.array(ReviewFindingSchema) });
export type ReviewResponse = z.infer<typeof ReviewResponseSchema>;

export const TestInputSchema = z.object({
  projectId: z.string().min(1, 'projectId is required'),
  userRequest: z.string().trim().max(AGENT_REQUEST_MAX).default(''),
  files: z.array(AgentFileSchema).max(AGENT_FILES_MAX),
});
export type TestInput = z.input<typeof TestInputSchema>;
export const TestResponseSchema = z.object({ tests: z.array(TestSuiteSchema) });
export type TestResponse = z.infer<typeof TestResponseSchema>;

// ---- Quick actions: improve, optimize, refactor, document ----

export const QUICK_ACTION_CODE_MAX = AGENT_FILE_CHARS_MAX;
export const QuickActionInputSchema = z.object({
  code: z
    .string()
    .max(QUICK_ACTION_CODE_MAX, 'The code must be at most 200,000 characters')
    .refine((code) => code.trim().length > 0, 'There is no code to work on'),
  fileName: z.string().max(1024).optional(),
  /** Kiln's client names the project, so the use is counted there and its owner checked. */
  projectId: z.string().optional(),
});
export type QuickActionInput = z.input<typeof QuickActionInputSchema>;

/** Each action answers its own field (spec), and all of them `code` and an explanation. */
const QuickAnswerSchema = z.object({
  success: z.literal(true),
  code: z.string(),
  /** What the model changed, in a sentence or two. */
  explanation: z.string(),
  model: z.string(),
});
export const ImproveResponseSchema = QuickAnswerSchema.extend({ modifiedCode: z.string() });
export const OptimizeResponseSchema = QuickAnswerSchema.extend({ optimizedCode: z.string() });
export const RefactorResponseSchema = QuickAnswerSchema.extend({ refactoredCode: z.string() });
export const DocumentResponseSchema = QuickAnswerSchema.extend({ documentedCode: z.string() });
export type QuickActionResponse = z.infer<typeof QuickAnswerSchema>;

/** The field each quick action answers its code in. */
export const QUICK_ACTION_FIELDS = {
  improve: 'modifiedCode',
  optimize: 'optimizedCode',
  refactor: 'refactoredCode',
  document: 'documentedCode',
} as const satisfies Record<QuickAction, string>;

// ---- GET /api/agent/status and /api/agent/history ----

export const AgentStatusSchema = z.object({
  agents: z.array(
    z.object({
      role: AgentRoleSchema,
      name: z.string(),
      /** The model's label ("Claude Sonnet 4.5"); null when no provider is configured. */
      model: z.string().nullable(),
      /** True while this role works for the signed-in user. */
      isActive: z.boolean(),
    }),
  ),
});
export type AgentStatus = z.infer<typeof AgentStatusSchema>;

export const AgentHistoryEntrySchema = z.object({
  id: z.string(),
  /** The role's or quick action's name. */
  agent: z.string(),
  task: z.string(),
  success: z.boolean(),
  timestamp: z.string(),
  /** Milliseconds. */
  executionTime: z.number().int().nonnegative(),
  projectId: z.string().nullable(),
});
export type AgentHistoryEntry = z.infer<typeof AgentHistoryEntrySchema>;
export const AgentHistorySchema = z.object({ history: z.array(AgentHistoryEntrySchema) });
export type AgentHistory = z.infer<typeof AgentHistorySchema>;
/** The history answers the latest entries. */
export const AGENT_HISTORY_LIMIT = 50;
/** Status and history are polled this often while the agent panel is visible. */
export const AGENT_POLL_MS = 5_000;

/**
 * POST /api/agent/apply: saves a quick action's proposal through the file's version (a stale
 * `baseVersion` answers 409 with the file as it is now, as a save does) and records a checkpoint,
 * so the change can be undone like an agent turn.
 */
export const ApplyProposalInputSchema = z.object({
  projectId: z.string().min(1, 'projectId is required'),
  path: z.string().min(1).max(1024),
  content: z.string().max(AGENT_FILE_CHARS_MAX, 'A file must be at most 200,000 characters'),
  baseVersion: z.number().int().nonnegative(),
  action: z.enum(QUICK_ACTIONS),
});
export type ApplyProposalInput = z.input<typeof ApplyProposalInputSchema>;
export const ApplyProposalResponseSchema = z.object({
  file: ProjectFileSchema,
  checkpointId: z.string(),
});
export type ApplyProposalResponse = z.infer<typeof ApplyProposalResponseSchema>;

/** The `error` of a run ended by Stop (POST /api/agent/orchestrations/{id}/cancel). */
export const ORCHESTRATION_STOPPED = 'Stopped.';
