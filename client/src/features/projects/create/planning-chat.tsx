import type { ChatMessage, UploadedFile } from '@kiln/shared';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import type { AppTheme } from './app-theme';
import { AttachmentBadges } from './attachment-badges';
import { ChatComposer } from './chat-composer';

import { ChatMessageList } from './chat-message-list';
import type { CreateStage } from './use-create-project-flow';
import type { ChatStatus } from './use-planning-chat';

/** The planning chat view, titled Project Planning, with a Back button. */
export function PlanningChat({
  messages,
  status,
  files,
  quickStartLabel,
  message,
  onMessageChange,
  onSend,
  onRetry,
  onBack,
  theme,
  onThemeChange,
  stage,
  onCreate,
}: {
  messages: readonly ChatMessage[];
  status: ChatStatus;
  files: readonly UploadedFile[];
  quickStartLabel: string | undefined;
  message: string;
  onMessageChange: (message: string) => void;
  onSend: () => void;
  onRetry: () => void;
  onBack: () => void;
  theme: AppTheme | null;
  onThemeChange: (theme: AppTheme) => void;
  stage: CreateStage;
  onCreate: () => void;
}) {
  return (
    // Sized to the dialog's 90vh (less its padding and border) so only the conversation scrolls.
    <div className="flex max-h-[calc(90vh-3rem-2px)] flex-col gap-4">
      <DialogHeader>
        <div className="flex items-center gap-2">
          <Button variant="ghost" size="sm" className="-ml-2 px-2" onClick={onBack}>
            <ArrowLeft aria-hidden /> Back
          </Button>
          <DialogTitle>Project Planning</DialogTitle>
        </div>
        <DialogDescription>
          Shape the idea with the AI, then create the project when the plan looks right.
        </DialogDescription>
      </DialogHeader>
      <AttachmentBadges files={files} uploadingNames={[]} template={quickStartLabel} />
      <ChatMessageList messages={messages} status={status} onRetry={onRetry} />
      <ChatComposer
        message={message}
        onMessageChange={onMessageChange}
        onSend={onSend}
        canSend={status !== 'waiting'}
        theme={theme}
        onThemeChange={onThemeChange}
        stage={stage}
        onCreate={onCreate}
      />
    </div>
  );
}
