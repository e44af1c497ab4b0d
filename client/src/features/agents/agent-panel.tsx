import type { AgentFile } from '@kiln/shared';
import { MessagesSquare } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { useAiStatus } from '../../lib/ai-status';
import { AgentActivity } from './agent-activity';
import { AgentChatDialog } from './agent-chat-dialog';
import { AgentTools } from './agent-tools';
import { RequestForm } from './request-form';
import { RunView } from './run-view';
import { useOrchestration } from './use-orchestration';

const NOT_CONFIGURED = 'No AI provider is configured on this Kiln server.';

/**
 * The AI agent orchestration view, the right panel's other face: a request for the
 * five agents and their run as it goes, a review or tests of the open files on their own, the
 * agents' status and recent work, and the chat with the agent in a dialog.
 */
export function AgentPanel({
  projectId,
  visible,
  getContextFiles,
  onOpenFile,
  onOpenFileAt,
  onFilesChanged,
  chat,
}: {
  projectId: string;
  /** On screen: the status and history are polled only then. */
  visible: boolean;
  /** The open file and unsaved edits, as the editor holds them now (context-files.ts). */
  getContextFiles: () => AgentFile[];
  onOpenFile: (path: string) => void;
  /** Opens a file with the cursor at a line (a review finding). */
  onOpenFileAt: (path: string, line: number) => void;
  /** The agents changed files (or a run was undone): the editor reads them again. */
  onFilesChanged: () => void;
  /** The conversation with the agent, shown in the AI Agent dialog. */
  chat: ReactNode;
}) {
  const status = useAiStatus();
  const orchestration = useOrchestration({ projectId, onFilesChanged });
  const [request, setRequest] = useState('');
  const [chatOpen, setChatOpen] = useState(false);
  const unconfigured = status.data?.configured === false;

  const build = () => {
    const text = request.trim();
    if (!text) {
      toast({
        title: 'Input required',
        description: 'Please describe what you want to build',
        variant: 'destructive',
      });
      return;
    }
    void orchestration.start(text, getContextFiles());
  };

  return (
    <section aria-label="AI agents" className="flex h-full min-h-0 flex-col">
      <div className="flex h-12 shrink-0 items-center gap-2 border-b px-3">
        <h2 className="text-sm font-semibold">AI agents</h2>
        <Button
          variant="outline"
          size="sm"
          className="ml-auto"
          disabled={unconfigured}
          onClick={() => setChatOpen(true)}
        >
          <MessagesSquare aria-hidden />
          Chat with the agent
        </Button>
      </div>
      <div className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto p-3">
        {unconfigured && (
          <p role="status" className="bg-muted/60 rounded-md px-3 py-2 text-sm break-words">
            {status.data?.message ?? NOT_CONFIGURED}
          </p>
        )}
        <RequestForm
          request={request}
          onRequestChange={setRequest}
          disabled={unconfigured}
          working={orchestration.following}
          canStop={orchestration.canStop}
          onBuild={build}
          onStop={orchestration.stop}
        />
        <AgentTools
          projectId={projectId}
          request={request}
          disabled={unconfigured}
          getContextFiles={getContextFiles}
          onOpenFileAt={onOpenFileAt}
        />
        {orchestration.loadFailed && !orchestration.result ? (
          <p className="text-muted-foreground text-sm">The latest run could not be read.</p>
        ) : orchestration.loading && orchestration.phase === 'idle' ? (
          <p className="text-muted-foreground text-sm">Loading the latest run...</p>
        ) : (
          <RunView
            projectId={projectId}
            run={orchestration.result}
            phase={orchestration.phase}
            pendingRequest={orchestration.pendingRequest}
            following={orchestration.following}
            onOpenFile={onOpenFile}
            onOpenFileAt={onOpenFileAt}
            onFilesChanged={onFilesChanged}
          />
        )}
        <AgentActivity visible={visible} />
      </div>
      <AgentChatDialog open={chatOpen} onOpenChange={setChatOpen} chat={chat} />
    </section>
  );
}
