import { z } from 'zod';

export const ChatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(100_000, 'A message must be at most 100,000 characters'),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** Spec accounts 7: POST /api/ai/chat, the planning chat of the create dialog. */
export const AiChatInputSchema = z.object({
  messages: z.array(ChatMessageSchema).min(1, 'Send at least one message').max(100),
  provider: z.enum(['anthropic', 'openai']).optional().default('anthropic'),
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

/** Spec accounts 7: POST /api/ai/generate-project, after a project is created from a description. */
export const GenerateProjectInputSchema = z.object({
  projectId: z.string().min(1, 'projectId is required'),
  name: z.string().max(100),
  description: z.string().max(10_000),
  language: z.string().max(30).optional(),
});
export type GenerateProjectInput = z.input<typeof GenerateProjectInputSchema>;
