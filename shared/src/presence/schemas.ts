import { z } from 'zod';

/** Limits of the live collaboration socket, `GET /ws` (docs/architecture.md, "Realtime"). */
export const PRESENCE_LIMITS = {
  /** A client message larger than this is logged and ignored. */
  messageBytes: 16 * 1024,
  /** This many malformed or oversized messages within a minute close the socket. */
  badMessagesPerMinute: 20,
  /** The longest file path a message may name. */
  pathLength: 1024,
  /** After a close, the client connects again after this long (then backs off). */
  reconnectMs: 3000,
  /** The longest wait between two reconnection attempts. */
  maxReconnectMs: 30_000,
} as const;

/** Close codes of the collaboration socket, beside the standard ones. */
export const PRESENCE_CLOSE_CODES = {
  /** The project does not exist, or is not the person's to open: the same answer for both. */
  projectNotFound: 4404,
  /** The client kept sending messages the server could not use. */
  tooManyBadMessages: 4408,
  /** The server is shutting down; the client connects again later. */
  serverClosing: 1001,
} as const;

const filePath = z.string().min(1).max(PRESENCE_LIMITS.pathLength);

/**
 * Client to server. The identity a client claims in `join` is ignored: the server
 * uses the signed-in account's.
 */
export const PresenceClientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('join'),
    projectId: z.string().min(1).max(100),
    userId: z.string().max(200).optional(),
    userName: z.string().max(200).optional(),
  }),
  z.object({ type: z.literal('leave') }),
  z.object({ type: z.literal('active_file'), filePath: filePath.nullable() }),
  z.object({ type: z.literal('file_saved'), filePath }),
]);
export type PresenceClientMessage = z.infer<typeof PresenceClientMessageSchema>;

/**
 * One person in a project, per browser tab: the same account in two tabs is two collaborators,
 * told apart by `connectionId`.
 */
export const CollaboratorSchema = z.object({
  connectionId: z.string(),
  userId: z.string(),
  userName: z.string(),
  activeFile: z.string().nullable(),
  /** ISO 8601. */
  joinedAt: z.string(),
});
export type Collaborator = z.infer<typeof CollaboratorSchema>;

const sender = { connectionId: z.string(), userId: z.string(), userName: z.string() };

/** Server to client. */
export const PresenceServerMessageSchema = z.discriminatedUnion('type', [
  /** The answer to `join`: everyone in the project, this tab included (`you`). */
  z.object({ type: z.literal('users'), you: z.string(), users: z.array(CollaboratorSchema) }),
  z.object({ type: z.literal('user_joined'), user: CollaboratorSchema }),
  z.object({ type: z.literal('user_left'), connectionId: z.string(), userId: z.string() }),
  /** Someone opened a file (or closed the last one: null). */
  z.object({ type: z.literal('file_activity'), ...sender, filePath: z.string().nullable() }),
  /** Someone saved a file; their own tab is not told. */
  z.object({ type: z.literal('file_updated'), ...sender, filePath: z.string() }),
]);
export type PresenceServerMessage = z.infer<typeof PresenceServerMessageSchema>;
