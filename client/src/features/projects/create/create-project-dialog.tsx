import type { TemplateId } from '@kiln/shared';
import { useState, type KeyboardEvent, type RefObject } from 'react';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { useAiStatus } from '../../../lib/ai-status';
import { useAuth } from '../../../lib/session';
import type { AppTheme } from './app-theme';
import { latestPlan, openingMessage } from './chat-messages';
import { buildProjectHandoff, templateName } from './derive-project';
import { greetingName } from './greeting';
import { PlanningChat } from './planning-chat';
import { findQuickStart, quickStartHandoff, type QuickStart } from './quick-starts';
import { StartScreen } from './start-screen';
import { templateHandoff } from './template-handoff';
import { TemplatePicker } from './template-picker';
import { useAttachments } from './use-attachments';
import { useCreateProjectFlow } from './use-create-project-flow';
import { usePlanningChat } from './use-planning-chat';
import { useProjectImport } from './use-project-import';

type View = 'start' | 'chat' | 'templates';

function quickStartLabel(quickStart: QuickStart | undefined): string | undefined {
  return quickStart && `${quickStart.label} · ${templateName(quickStart.templateId)}`;
}

/**
 * The create-project dialog: a start screen, a planning chat and the full template list over
 * one draft (prompt, attachments, quick start, chat). Closing keeps the draft; creating a
 * project clears it and opens the editor. Escape closes it from anywhere inside, and focus goes
 * back to `returnFocusRef`, the button that opened it (the dialog has no trigger of its own).
 */
export function CreateProjectDialog(props: CreateProjectDialogProps) {
  // The dashboard's one screen of tooltips provides them itself (components/ui/tooltip.tsx).
  return (
    <TooltipProvider>
      <CreateProject {...props} />
    </TooltipProvider>
  );
}

interface CreateProjectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}

function CreateProject({ open, onOpenChange, returnFocusRef }: CreateProjectDialogProps) {
  const { user } = useAuth();
  const [view, setView] = useState<View>('start');
  const [prompt, setPrompt] = useState('');
  const [message, setMessage] = useState('');
  const [quickStartId, setQuickStartId] = useState<QuickStart['id'] | null>(null);
  const [theme, setTheme] = useState<AppTheme>('auto');
  const [starting, setStarting] = useState(false);
  const [pickedTemplateId, setPickedTemplateId] = useState<TemplateId | null>(null);
  const attachments = useAttachments();
  const chat = usePlanningChat();
  const aiStatus = useAiStatus();
  // Unknown (still loading, or the check failed) counts as available: the chat says so itself.
  const aiAvailable = aiStatus.data?.configured ?? true;

  const clearDraft = () => {
    setView('start');
    setPrompt('');
    setMessage('');
    setQuickStartId(null);
    attachments.clear();
    chat.reset();
  };
  const close = () => onOpenChange(false);
  const flow = useCreateProjectFlow({ onFinished: clearDraft, onClose: close });
  const projectImport = useProjectImport({
    onOpened: () => {
      clearDraft();
      close();
    },
  });

  const quickStart = findQuickStart(quickStartId);
  const templateId = quickStart?.templateId ?? 'blank';
  // A template is created as it is, and without an AI nothing is generated, so only a blank
  // start with an AI has a theme to choose.
  const themeChoice = aiAvailable && templateId === 'blank' ? theme : null;
  const hasDraft = prompt.trim().length > 0 || attachments.files.length > 0;
  const busy = starting || flow.isPending || projectImport.busy;

  const startChat = async () => {
    if (busy) return;
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

  /** Without an AI there is no chat: the draft becomes the project, with the given template. */
  const createFromDraft = async (fromTemplate: TemplateId) => {
    if (busy) return;
    setStarting(true);
    const files = await attachments.settled();
    setStarting(false);
    if (!prompt.trim() && files.length === 0) return;
    void flow.create({
      handoff: buildProjectHandoff({ prompt, files, templateId: fromTemplate }),
      prompt,
      theme,
      aiAvailable: false,
    });
  };

  const handleSubmit = () => void (aiAvailable ? startChat() : createFromDraft(templateId));

  const handleQuickStart = (chosen: QuickStart) => {
    if (busy) return;
    setQuickStartId(chosen.id);
    if (hasDraft || attachments.isUploading) {
      void (aiAvailable ? startChat() : createFromDraft(chosen.templateId));
      return;
    }
    void flow.create({ handoff: quickStartHandoff(chosen), prompt: '', theme, aiAvailable });
  };

  const handlePickTemplate = async (picked: TemplateId) => {
    if (busy || pickedTemplateId) return;
    setPickedTemplateId(picked);
    const files = await attachments.settled();
    await flow.create({
      handoff: templateHandoff({ templateId: picked, prompt, files }),
      prompt,
      theme,
      aiAvailable,
    });
    setPickedTemplateId(null);
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
      aiAvailable,
    });
  };

  const handleOpenChange = (next: boolean) => {
    // The template list is a detour: a reopened dialog starts on the start screen again.
    if (!next && view === 'templates') setView('start');
    onOpenChange(next);
  };

  // Radix closes the dialog on Escape only when it is the topmost layer, so with a tooltip open
  // (focus on a quick start or the Attach button) the first Escape would only hide the tooltip.
  // Escape means "close this dialog" wherever focus is inside it.
  const handleKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    handleOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      {/* At most 800px wide. `!` because cn() does not merge classes, so the
          base max-w-md would otherwise win; the base already caps the height at 90vh. */}
      <DialogContent
        className="max-w-[800px]"
        data-testid="create-project-dialog"
        onKeyDownCapture={handleKeyDownCapture}
        onCloseAutoFocus={(event) => {
          const opener = returnFocusRef?.current;
          if (!opener?.isConnected) return;
          event.preventDefault();
          opener.focus();
        }}
      >
        {view === 'templates' ? (
          <TemplatePicker
            pendingId={pickedTemplateId}
            stage={flow.stage}
            onPick={(picked) => void handlePickTemplate(picked)}
            onBack={() => setView('start')}
          />
        ) : view === 'start' ? (
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
            aiAvailable={aiAvailable}
            aiDetail={aiStatus.data?.message ?? null}
            onSubmit={handleSubmit}
            onBrowseTemplates={() => setView('templates')}
            importState={projectImport.state}
            onImportZip={projectImport.importZip}
            onImportFolder={projectImport.importFolder}
            onDismissImport={projectImport.dismiss}
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
