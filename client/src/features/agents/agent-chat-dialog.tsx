import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import type { ReactNode } from 'react';

/**
 * The AI Agent chat dialog: the project's conversation with the agent, as in the AI
 * Chat tab. Closing it unmounts the chat, which aborts an answer on its way; an aborted answer
 * is not an error and says nothing.
 */
export function AgentChatDialog({
  open,
  onOpenChange,
  chat,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The chat itself (features/ai's panel, handed in by the workspace). */
  chat: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex h-[min(44rem,85dvh)] max-w-2xl flex-col gap-0 overflow-hidden p-0">
        <DialogHeader className="border-b px-4 py-3 pr-12">
          <DialogTitle className="text-base">AI Agent</DialogTitle>
          <DialogDescription className="text-xs">
            Ask the agent about this project: it reads and changes your files. Closing the chat
            stops an answer on its way.
          </DialogDescription>
        </DialogHeader>
        <div className="min-h-0 flex-1">{chat}</div>
      </DialogContent>
    </Dialog>
  );
}
