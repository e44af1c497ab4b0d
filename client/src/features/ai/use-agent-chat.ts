import type { AgentResponse, ConversationMessage } from '@kiln/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toast } from '../../components/ui/toast-store';
import { ApiError, serverMessageOf } from '../../lib/api-error';
import { aiStatusQueryOptions } from '../../lib/ai-status';
import { aiUsageQueryOptions } from './api/get-ai-usage';
import { conversationQueryKey, conversationQueryOptions } from '../../lib/ai-conversation';
import { streamAgentTurn } from './api/stream-agent-turn';
import { isTurnRunning, startTurn, turnReducer, type AgentTurn } from './agent-turn';
import type { ComposerAttachment } from './attachments';
import { isTurnStored, lastMessageId } from './chat-items';

const AI_FAILED = 'Failed to get AI response';
/** After Stop the server still keeps what was said; it is looked for this often, this long. */
const STOPPED_TURN_CHECKS_MS = [300, 700, 1500, 3000];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function reportFailure(message: string) {
  toast({ title: 'AI Error', description: message, variant: 'destructive' });
}

function reportFilesModified(result: AgentResponse) {
  const count = result.filesModified.length;
  if (count === 0) return;
  toast({ title: 'Files Updated', description: `Modified ${count} file(s)`, variant: 'success' });
}

/**
 * The agent turn in flight: sends a message as a streamed request, applies its events as they
 * arrive, stops it on request, and once it ends lets the stored conversation take over.
 * `onFilesChanged` runs on each file the agent changes and when the turn ends, so the editor
 * reads the new files.
 */
export function useAgentChat({
  projectId,
  openFile,
  onFilesChanged,
  failureMessage = AI_FAILED,
}: {
  projectId: string;
  openFile: string | null;
  onFilesChanged: () => void;
  /** What a failure without a reason of its own says (the agent dialog words it with a stop). */
  failureMessage?: string;
}) {
  const queryClient = useQueryClient();
  const [turn, dispatch] = useReducer(turnReducer, null);
  // Read by send(), which is called from events rather than during render.
  const turnRef = useRef<AgentTurn | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const onFilesChangedRef = useRef(onFilesChanged);
  useEffect(() => {
    turnRef.current = turn;
    onFilesChangedRef.current = onFilesChanged;
  });

  // Leaving the editor ends the turn on the server as well.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const readConversation = useCallback(
    () => queryClient.fetchQuery({ ...conversationQueryOptions(projectId), staleTime: 0 }),
    [queryClient, projectId],
  );

  /** A stopped turn's answer is kept by the server a moment after the request is cut. */
  const collectStoppedTurn = useCallback(
    async (stopped: AgentTurn) => {
      for (const delay of STOPPED_TURN_CHECKS_MS) {
        await wait(delay);
        if (controllerRef.current) return;
        const messages = await readConversation().catch(() => null);
        if (messages && isTurnStored(messages, stopped)) return;
      }
    },
    [readConversation],
  );

  const send = useCallback(
    async (content: string, attachments: readonly ComposerAttachment[]) => {
      const text = content.trim();
      if (controllerRef.current || (!text && attachments.length === 0)) return;
      const controller = new AbortController();
      controllerRef.current = controller;

      // The stopped turn's answer may not be listed yet: read it first so it stays in view.
      const previous = turnRef.current;
      if (previous?.status === 'stopped') await readConversation().catch(() => null);
      const messages =
        queryClient.getQueryData<ConversationMessage[]>(conversationQueryKey(projectId)) ?? [];
      const started = startTurn({
        content: text,
        attachments: attachments.map(({ type, name, mimeType }) => ({ type, name, mimeType })),
        after: lastMessageId(messages),
      });
      dispatch({ type: 'start', turn: started });

      let heard = false;
      let ended = false;
      try {
        const events = streamAgentTurn(
          {
            projectId,
            message: text,
            attachments: attachments.map(({ type, name, data, mimeType }) => ({
              type,
              name,
              data,
              mimeType,
            })),
            ...(openFile ? { openFile } : {}),
          },
          controller.signal,
        );
        for await (const event of events) {
          heard = true;
          dispatch({ type: 'event', event });
          if (event.type === 'file-changed') onFilesChangedRef.current();
          if (event.type === 'done') {
            ended = true;
            onFilesChangedRef.current();
            reportFilesModified(event.result);
          }
          if (event.type === 'error') {
            ended = true;
            onFilesChangedRef.current();
            reportFailure(event.error || failureMessage);
          }
        }
        if (!ended && !controller.signal.aborted) {
          // The connection closed before the last event.
          dispatch({ type: 'fail', error: { message: failureMessage, code: null } });
          reportFailure(failureMessage);
        }
      } catch (error) {
        // Stop (or leaving): nothing to report, what streamed stays. Stop may have come before
        // the turn was shown, so it is marked stopped here too.
        if (controller.signal.aborted) dispatch({ type: 'stop' });
        else {
          const code = error instanceof ApiError ? error.code : null;
          const message = serverMessageOf(error, failureMessage);
          dispatch({ type: 'fail', error: { message, code } });
          reportFailure(message);
          if (code === 'AI_NOT_CONFIGURED') {
            void queryClient.invalidateQueries(aiStatusQueryOptions());
          }
        }
      } finally {
        controllerRef.current = null;
        void queryClient.invalidateQueries(aiUsageQueryOptions());
        if (controller.signal.aborted) {
          onFilesChangedRef.current();
          void collectStoppedTurn({ ...started, status: 'stopped' });
        } else if (heard) {
          void readConversation().catch(() => null);
        }
      }
    },
    [collectStoppedTurn, failureMessage, openFile, projectId, queryClient, readConversation],
  );

  const stop = useCallback(() => {
    if (!controllerRef.current) return;
    dispatch({ type: 'stop' });
    controllerRef.current.abort();
  }, []);

  /** Clear: the turn shown goes with the conversation. */
  const reset = useCallback(() => dispatch({ type: 'clear' }), []);

  return { turn, running: isTurnRunning(turn), send, stop, reset };
}
