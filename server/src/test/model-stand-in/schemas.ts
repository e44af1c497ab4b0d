import { z } from 'zod';

/**
 * One tool call of a scripted reply. `arguments` is the JSON the model "wrote": an object is
 * serialized, a string is sent as it is (to script malformed arguments).
 */
export const ScriptedToolCallSchema = z.object({
  name: z.string().min(1),
  arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).default({}),
});

const UsageSchema = z.object({
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
});

/** The failures the stand-in answers with OpenAI's status and error body (see openai-errors.ts). */
export const FailureKindSchema = z.enum([
  'invalid-key',
  'rate-limit',
  'context-length',
  'server-error',
]);

/**
 * What the model does for one request. Data only, so a scenario can travel as JSON to
 * `POST /__scenarios` from the end-to-end suite's process.
 */
export const ScriptedReplySchema = z.union([
  z.strictObject({
    /** A string is streamed word by word; an array is streamed one element per delta. */
    text: z.union([z.string(), z.array(z.string())]).optional(),
    toolCalls: z.array(ScriptedToolCallSchema).optional(),
    usage: UsageSchema.optional(),
    delayMs: z.number().int().nonnegative().optional(),
  }),
  z.strictObject({
    fail: FailureKindSchema,
    message: z.string().optional(),
    /** Sent as `retry-after-ms` on retryable failures; see openai-errors.ts. */
    retryAfterMs: z.number().int().nonnegative().optional(),
  }),
  /** Headers are sent, then nothing until the client goes away. */
  z.strictObject({ hang: z.literal(true) }),
  /** Streams `text` (if any), then destroys the socket without a finish chunk or `[DONE]`. */
  z.strictObject({
    drop: z.literal(true),
    text: z.union([z.string(), z.array(z.string())]).optional(),
    delayMs: z.number().int().nonnegative().optional(),
  }),
]);

export const ScenarioInputSchema = z.object({
  name: z.string().regex(/^[\w.-]+$/),
  replies: z.array(ScriptedReplySchema),
});

const ContentPartSchema = z.looseObject({ type: z.string(), text: z.string().optional() });

const ChatMessageSchema = z.looseObject({
  role: z.string(),
  content: z.union([z.string(), z.array(ContentPartSchema), z.null()]).optional(),
});

/** The parts of a Chat Completions request the stand-in reads; everything else is kept as sent. */
export const ChatRequestSchema = z.looseObject({
  model: z.string(),
  messages: z.array(ChatMessageSchema),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().nullish() }).nullish(),
  tools: z.array(z.unknown()).nullish(),
});

export type ScriptedToolCall = z.input<typeof ScriptedToolCallSchema>;
export type ScriptedReply = z.input<typeof ScriptedReplySchema>;
export type FailureKind = z.infer<typeof FailureKindSchema>;
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

/** Where a request stands in its conversation, for replies computed from the request. */
export interface ReplyContext {
  scenario: string | null;
  /** How many assistant messages the request carries: 0 for the first model call. */
  turn: number;
}

/** A reply, or (in-process only) a function computing it from the request. */
export type ReplyStep =
  ScriptedReply | ((request: ChatRequest, context: ReplyContext) => ScriptedReply);
