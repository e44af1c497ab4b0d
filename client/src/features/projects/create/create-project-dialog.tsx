import { useState } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { useAuth } from '../../auth';
import type { AppTheme } from './app-theme';
import { latestPlan, openingMessage } from './chat-messages';
import { buildProjectHandoff, templateName } from './derive-project';
import { greetingName } from './greeting';
import { PlanningChat } from './planning-chat';
import { findQuickStart, quickStartHandoff, type QuickStart } from './quick-starts';
import { StartScreen } from './start-screen';
import { useAttachments } from './use-attachments';
import { useCreateProjectFlow } from './use-create-project-flow';
import { usePlanningChat } from './use-planning-chat';

type View = 'start' | 'chat';

function quickStartLabel(quickStart: QuickStart | undefined): string | undefined {
  return quickStart && `${quickStart.label} · ${templateName(quickStart.templateId)}`;
}

/**
 * The create-project dialog: a start screen and a planning chat over one
 * draft (prompt, attachments, quick start, chat). Closing keeps the draft; creating a project
 * clears it.
 */
export function CreateProjectDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { user } = useAuth();
  const [view, setView] = useState<View>('start');
  const [prompt, setPrompt] = useState('');
  const [message, setMessage] = useState('');
  const [quickStartId, setQuickStartId] = useState<QuickStart['id'] | null>(null);
  const [theme, setTheme] = useState<AppTheme>('auto');
  const [starting, setStarting] = useState(false);
  const attachments = useAttachments();
  const chat = usePlanningChat();

  const clearDraft = () => {
    setView('start');
    setPrompt('');
    setMessage('');
    setQuickStartId(null);
    attachments.clear();
    chat.reset();
  };
  const flow = useCreateProjectFlow({ onFinished: clearDraft, onClose: () => onOpenChange(false) });

  const quickStart = findQuickStart(quickStartId);
  const templateId = quickStart?.templateId ?? 'blank';
  // A template is created as it is, so only a blank start has a theme to choose.
  const themeChoice = templateId === 'blank' ? theme : null;
  const hasDraft = prompt.trim().length > 0 || attachments.files.length > 0;

  const startChat = async () => {
    if (starting || flow.isPending) return;
    setStarting(true);
    const files = await attachments.settled();
    setStarting(false);
    const opening = openingMessage(prompt, files);
    // Nothing to talk about: the prompt is blank and every upload failed.
    if (!opening) return;
    // Back then Start chat with the same prompt resumes the conversation instead of repeating it.
    if (chat.messages[0]?.content !== opening) chat.start(opening, files);
    setView('chat');
  };

  const handleQuickStart = (chosen: QuickStart) => {
    if (flow.isPending) return;
    setQuickStartId(chosen.id);
    if (hasDraft || attachments.isUploading) {
      void startChat();
      return;
    }
    void flow.create({ handoff: quickStartHandoff(chosen), prompt: '', theme });
  };

  const handleSend = () => {
    chat.send(message, attachments.files);
    setMessage('');
  };

  const handleCreate = () => {
    // The chat-style form's own text counts as part of the prompt.
    const text = [prompt.trim(), message.trim()].filter(Boolean).join('\n\n');
    if (!text && attachments.files.length === 0) return;
    void flow.create({
      handoff: buildProjectHandoff({
        prompt: text,
        files: attachments.files,
        templateId,
      }),
      prompt: text,
      theme,
      plan: latestPlan(chat.messages),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* At most 800px wide. `!` because cn() does not merge classes, so the
          base max-w-md would otherwise win; the base already caps the height at 90vh. */}
      <DialogContent className="max-w-[800px]" data-testid="create-project-dialog">
        {view === 'start' ? (
          <StartScreen
            name={greetingName(user)}
            prompt={prompt}
            onPromptChange={setPrompt}
            files={attachments.files}
            uploadingNames={attachments.uploadingNames}
            onAttach={attachments.upload}
            onRemoveFile={attachments.remove}
            theme={themeChoice}
            onThemeChange={setTheme}
            quickStartId={quickStartId}
            quickStartLabel={quickStartLabel(quickStart)}
            onQuickStart={handleQuickStart}
            onClearQuickStart={() => setQuickStartId(null)}
            starting={starting}
            stage={flow.stage}
            onStartChat={() => void startChat()}
          />
        ) : (
          <PlanningChat
            messages={chat.messages}
            status={chat.status}
            files={attachments.files}
            quickStartLabel={quickStartLabel(quickStart)}
            message={message}
            onMessageChange={setMessage}
            onSend={handleSend}
            onRetry={() => chat.retry(attachments.files)}
            onBack={() => setView('start')}
            theme={themeChoice}
            onThemeChange={setTheme}
            stage={flow.stage}
            onCreate={handleCreate}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
