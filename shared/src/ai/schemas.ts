import { z } from 'zod';

/** The two model families Kiln speaks to; `openai` also covers any Chat Completions server. */
export const AI_PROVIDERS = ['anthropic', 'openai'] as const;
export const AiProviderSchema = z.enum(AI_PROVIDERS);
export type AiProvider = z.infer<typeof AiProviderSchema>;

/** Attachments to the AI: at most 10 MB each. */
export const AI_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** A data URL of 10 MB of bytes is base64, a third longer, plus its header. */
const ATTACHMENT_DATA_URL_MAX = Math.ceil((AI_ATTACHMENT_MAX_BYTES * 4) / 3) + 256;
export const AI_ATTACHMENTS_MAX = 10;
export const AI_MESSAGE_MAX = 100_000;

/**
 * What the AI accepts as an attachment: images, any text/ type, PDF and JSON. The picker offers
 * images, .txt, .pdf, .json and .md.
 */
export function isAllowedAttachmentType(mimeType: string): boolean {
  const type = mimeType.toLowerCase();
  return (
    type.startsWith('image/') ||
    type.startsWith('text/') ||
    type === 'application/pdf' ||
    type === 'application/json'
  );
}
export const AI_ATTACHMENT_ACCEPT = 'image/*,.txt,.pdf,.json,.md';

export const ChatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(AI_MESSAGE_MAX, 'A message must be at most 100,000 characters'),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** POST /api/ai/chat, the planning chat of the create dialog. */
export const AiChatInputSchema = z.object({
  messages: z.array(ChatMessageSchema).min(1, 'Send at least one message').max(100),
  provider: AiProviderSchema.optional(),
  files: z
    .array(
      z.object({
        name: z.string().max(255),
        type: z.string().max(255),
        content: z.string().nullable().optional(),
        url: z.string().max(2000).optional(),
      }),
    )
    .max(20)
    .optional(),
});
export type AiChatInput = z.input<typeof AiChatInputSchema>;
export const AiChatResponseSchema = z.object({ message: z.string() });

/** POST /api/ai/generate-project, after a project is created from a description. */
export const GenerateProjectInputSchema = z.object({
  projectId: z.string().min(1, 'projectId is required'),
  name: z.string().max(100),
  description: z.string().max(10_000),
  language: z.string().max(30).optional(),
  provider: AiProviderSchema.optional(),
});
export type GenerateProjectInput = z.input<typeof GenerateProjectInputSchema>;

export const GENERATION_STATES = ['queued', 'running', 'completed', 'failed'] as const;
export type GenerationState = (typeof GENERATION_STATES)[number];
/** What generate-project answers, and what GET /api/ai/generation/{projectId} reads back. */
export const GenerationStatusSchema = z.object({
  projectId: z.string(),
  status: z.enum(GENERATION_STATES),
  /** The agent's closing message once it completed; the failure's reason once it failed. */
  message: z.string().nullable(),
  filesModified: z.array(z.lazy(() => FileChangeSchema)),
  actionLog: z.array(z.string()),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type GenerationStatus = z.infer<typeof GenerationStatusSchema>;

/** An attachment of an AI chat message, as the browser sends it. */
export const AiAttachmentSchema = z.object({
  type: z.enum(['image', 'document']),
  name: z.string().trim().min(1).max(255),
  data: z
    .string()
    .max(ATTACHMENT_DATA_URL_MAX, 'An attachment must be at most 10MB')
    .regex(/^data:[^,]*,/, 'An attachment must be a data URL'),
  mimeType: z.string().max(255),
});
export type AiAttachment = z.infer<typeof AiAttachmentSchema>;

export const FILE_CHANGE_ACTIONS = ['created', 'modified', 'renamed', 'deleted'] as const;
export type FileChangeAction = (typeof FILE_CHANGE_ACTIONS)[number];
/** An entry of filesModified[] (path, action); a rename also names where it came from. */
export const FileChangeSchema = z.object({
  path: z.string(),
  action: z.enum(FILE_CHANGE_ACTIONS),
  from: z.string().optional(),
});
export type FileChange = z.infer<typeof FileChangeSchema>;

/** POST /api/ai/agent (the API document at /api/docs lists its answers). */
export const AgentInputSchema = z.object({
  projectId: z.string().min(1, 'projectId is required'),
  message: z.string().max(AI_MESSAGE_MAX, 'A message must be at most 100,000 characters'),
  attachments: z.array(AiAttachmentSchema).max(AI_ATTACHMENTS_MAX).optional().default([]),
  /**
   * A client may send the conversation it shows. Kiln keeps the conversation on the
   * server, so this is used only when the server has none for the project (a client that
   * keeps its own history).
   */
  conversationHistory: z
    .array(
      z.object({
        role: z.enum(['user', 'assistant']),
        content: z.string().max(AI_MESSAGE_MAX),
        attachments: z.array(AiAttachmentSchema).max(AI_ATTACHMENTS_MAX).optional(),
      }),
    )
    .max(200)
    .optional()
    .default([]),
  provider: AiProviderSchema.optional(),
  /** The file open in the editor, given to the model as context. */
  openFile: z.string().max(1024).optional(),
});
export type AgentInput = z.input<typeof AgentInputSchema>;

export const TokenUsageSchema = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
});
export type TokenUsage = z.infer<typeof TokenUsageSchema>;

/**
 * The agent's answer: message (also as response), filesModified and actionLog, then the fields
 * Kiln adds: the checkpoint, the model, token usage and why the turn stopped early.
 */
export const AgentResponseSchema = z.object({
  message: z.string(),
  response: z.string(),
  filesModified: z.array(FileChangeSchema),
  actionLog: z.array(z.string()),
  /** The checkpoint that undoes this turn, when it changed files. */
  checkpointId: z.string().nullable(),
  model: z.string(),
  usage: TokenUsageSchema,
  /** Why the turn ended early (step cap, repeated call, token budget), if it did. */
  stopReason: z.string().nullable(),
});
export type AgentResponse = z.infer<typeof AgentResponseSchema>;

/**
 * The agent's live progress, sent as Server-Sent Events (`data: <json>`) when the request asks
 * for `Accept: text/event-stream`. The last event is `done` (with the JSON answer) or `error`.
 */
export const AgentStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), model: z.string() }),
  z.object({ type: z.literal('text'), delta: z.string() }),
  z.object({
    type: z.literal('tool-call'),
    id: z.string(),
    tool: z.string(),
    /** A line for people: "Reading src/app.js". */
    summary: z.string(),
  }),
  z.object({
    type: z.literal('tool-result'),
    id: z.string(),
    tool: z.string(),
    ok: z.boolean(),
    summary: z.string(),
  }),
  z.object({ type: z.literal('file-changed'), change: FileChangeSchema }),
  z.object({ type: z.literal('done'), result: AgentResponseSchema }),
  z.object({ type: z.literal('error'), error: z.string(), code: z.string() }),
]);
export type AgentStreamEvent = z.infer<typeof AgentStreamEventSchema>;

/** An attachment as the stored conversation keeps it: its name and kind, not its bytes. */
export const StoredAttachmentSchema = z.object({
  type: z.enum(['image', 'document']),
  name: z.string(),
  mimeType: z.string(),
});

/** One message of a project's conversation with the agent, as the server keeps it. */
export const ConversationMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  attachments: z.array(StoredAttachmentSchema),
  filesModified: z.array(FileChangeSchema),
  actionLog: z.array(z.string()),
  checkpointId: z.string().nullable(),
  /** Whether the turn's checkpoint has been restored (its Undo is spent). */
  undone: z.boolean(),
  model: z.string().nullable(),
  createdAt: z.string(),
});
export type ConversationMessage = z.infer<typeof ConversationMessageSchema>;

/** GET /api/ai/conversation?projectId=…; DELETE the same clears it. */
export const ConversationQuerySchema = z.object({ projectId: z.string().min(1) });
export const ConversationResponseSchema = z.object({
  messages: z.array(ConversationMessageSchema),
});
export type ConversationResponse = z.infer<typeof ConversationResponseSchema>;

/** A checkpoint: what one agent turn changed, so it can be undone. */
export const CheckpointSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  /** The request that made the turn. */
  message: z.string(),
  files: z.array(FileChangeSchema),
  createdAt: z.string(),
  restoredAt: z.string().nullable(),
});
export type Checkpoint = z.infer<typeof CheckpointSchema>;
export const CheckpointListSchema = z.object({ checkpoints: z.array(CheckpointSchema) });
export const RestoreCheckpointInputSchema = z.object({ force: z.boolean().optional() });
export const RestoreCheckpointResponseSchema = z.object({
  checkpoint: CheckpointSchema,
  restored: z.array(FileChangeSchema),
});
export type RestoreCheckpointResponse = z.infer<typeof RestoreCheckpointResponseSchema>;

/** GET /api/ai/status: what the browser needs to know before a person types. */
export const AiStatusSchema = z.object({
  configured: z.boolean(),
  /** The provider used when a request names none. */
  defaultProvider: AiProviderSchema.nullable(),
  providers: z.array(z.object({ id: AiProviderSchema, model: z.string(), label: z.string() })),
  /** Set when nothing is configured: which settings to set. */
  message: z.string().nullable(),
});
export type AiStatus = z.infer<typeof AiStatusSchema>;

/** GET /api/ai/usage: this month's AI use of the signed-in user against their plan. */
export const AiUsageSchema = z.object({
  plan: z.enum(['free', 'pro', 'enterprise']),
  periodStart: z.string(),
  periodEnd: z.string(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  tokensUsed: z.number().int(),
  /** Null: unlimited. */
  tokenAllowance: z.number().int().nullable(),
  requests: z.number().int(),
});
export type AiUsage = z.infer<typeof AiUsageSchema>;

/** GET /api/admin/ai-usage?month=YYYY-MM: a month's AI use per user, for administrators. */
export const AdminAiUsageQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must look like 2026-11')
    .optional(),
});
export const AdminAiUsageSchema = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  totals: z.object({
    inputTokens: z.number().int(),
    outputTokens: z.number().int(),
    requests: z.number().int(),
    users: z.number().int(),
  }),
  users: z.array(
    z.object({
      userId: z.string(),
      email: z.string(),
      plan: z.enum(['free', 'pro', 'enterprise']),
      inputTokens: z.number().int(),
      outputTokens: z.number().int(),
      tokensUsed: z.number().int(),
      tokenAllowance: z.number().int().nullable(),
      requests: z.number().int(),
      lastUsedAt: z.string(),
    }),
  ),
});
export type AdminAiUsage = z.infer<typeof AdminAiUsageSchema>;
