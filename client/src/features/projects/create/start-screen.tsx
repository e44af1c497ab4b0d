import { PROJECT_DESCRIPTION_MAX, TEMPLATE_CATALOG, type UploadedFile } from '@kiln/shared';
import { ArrowUp, Hammer, LayoutGrid, LoaderCircle } from 'lucide-react';
import { useId, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';
import type { AppTheme } from './app-theme';
import { AppThemeButton } from './app-theme-button';
import { AttachButton } from './attach-button';
import { AttachmentBadges } from './attachment-badges';
import { CreateStatus } from './create-status';
import { ImportButtons } from './import-buttons';
import { ImportProgress } from './import-progress';
import type { ImportState } from './import-state';
import { NoAiNotice } from './no-ai-notice';
import { QuickStartList } from './quick-start-list';
import type { QuickStart } from './quick-starts';
import type { CreateStage } from './use-create-project-flow';

/** Past this many characters the prompt shows how much room is left. */
const COUNTER_FROM = PROJECT_DESCRIPTION_MAX - 200;

export interface StartScreenProps {
  name: string;
  prompt: string;
  onPromptChange: (prompt: string) => void;
  files: readonly UploadedFile[];
  uploadingNames: readonly string[];
  onAttach: (files: File[]) => void;
  onRemoveFile: (id: string) => void;
  /** Null when a template is chosen: the AI builds nothing, so there is no theme to ask for. */
  theme: AppTheme | null;
  onThemeChange: (theme: AppTheme) => void;
  quickStartId: QuickStart['id'] | null;
  /** The chosen quick start as its badge reads, e.g. 'Web app · React + Vite'. */
  quickStartLabel: string | undefined;
  onQuickStart: (quickStart: QuickStart) => void;
  onClearQuickStart: () => void;
  /** Start chat was pressed and waits for uploads to finish. */
  starting: boolean;
  /** Where creating a project from a quick start has got to. */
  stage: CreateStage;
  /**
   * Whether the server has an AI provider. Without one the notice says so up front and the
   * prompt's button creates the project from the description instead of starting a chat.
   */
  aiAvailable: boolean;
  /** The server's word on which settings enable the AI, when it has none. */
  aiDetail: string | null;
  /** Start chat, or Create project when there is no AI. */
  onSubmit: () => void;
  onBrowseTemplates: () => void;
  importState: ImportState;
  onImportZip: (file: File) => void;
  onImportFolder: (files: File[]) => void;
  onDismissImport: () => void;
}

/**
 * The start screen: greeting, prompt, attachments, theme, quick starts, and the other ways in:
 * the full template list and importing a zip or a folder.
 */
export function StartScreen(props: StartScreenProps) {
  const { prompt, files, uploadingNames, starting, stage, aiAvailable, importState } = props;
  const importing = importState.phase !== 'idle' && importState.phase !== 'failed';
  const creating = stage !== 'idle' || importing;
  const promptId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const uploading = uploadingNames.length > 0;
  const canStart = prompt.trim().length > 0 || files.length > 0;
  const busy = starting || creating;

  // On the whole prompt box, so the shortcut also works after using its buttons.
  const handleKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      event.currentTarget.requestSubmit();
    }
  };

  // Pasted or dropped files attach like chosen ones; a paste that also carries text (a rich
  // copy from a document, say) is left to the textarea.
  const handlePaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = [...event.clipboardData.files];
    if (pasted.length === 0 || event.clipboardData.getData('text/plain')) return;
    event.preventDefault();
    props.onAttach(pasted);
  };

  // Files dragged over the box are always claimed, even while busy, so a drop never makes the
  // browser open the file in place of the app.
  const handleDragOver = (event: DragEvent<HTMLFormElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(!busy);
  };

  const handleDragLeave = (event: DragEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };

  const handleDrop = (event: DragEvent<HTMLFormElement>) => {
    if (event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    setDragging(false);
    if (!busy) props.onAttach([...event.dataTransfer.files]);
  };

  return (
    <div className="grid gap-6 pt-2 sm:pt-4">
      <DialogHeader className="items-center px-6 text-center">
        <DialogTitle className="text-2xl tracking-tight break-words text-balance sm:text-3xl">
          Hi {props.name}, what do you want to make?
        </DialogTitle>
        <DialogDescription className="text-balance">
          {aiAvailable
            ? 'Describe your idea and plan it with the AI, or pick a quick start.'
            : 'Describe your idea, or pick a quick start, a template or your own files.'}
        </DialogDescription>
      </DialogHeader>

      {!aiAvailable && <NoAiNotice detail={props.aiDetail} />}

      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (canStart && !busy) props.onSubmit();
        }}
        onKeyDown={handleKeyDown}
        onDragOver={handleDragOver}
        onDragLeave={handleDragLeave}
        onDrop={handleDrop}
        className={cn(
          'bg-muted/40 focus-within:border-ring grid gap-2 rounded-xl border p-2 transition-colors',
          dragging && 'border-primary bg-accent/60 border-dashed',
        )}
      >
        <label htmlFor={promptId} className="sr-only">
          Describe what you want to make
        </label>
        <textarea
          id={promptId}
          autoFocus
          value={prompt}
          onChange={(event) => props.onPromptChange(event.target.value)}
          onPaste={handlePaste}
          maxLength={PROJECT_DESCRIPTION_MAX}
          rows={4}
          disabled={creating}
          aria-describedby={hintId}
          placeholder="A habit tracker with streaks, reminders and a weekly summary…"
          className="placeholder:text-muted-foreground max-h-[40vh] min-h-28 w-full resize-none bg-transparent px-2 py-1.5 text-base focus-visible:outline-hidden disabled:opacity-50 field-sizing-content sm:text-sm"
        />
        <div className="px-1">
          <AttachmentBadges
            files={files}
            uploadingNames={uploadingNames}
            template={props.quickStartLabel}
            disabled={busy}
            onRemove={props.onRemoveFile}
            onClearTemplate={props.onClearQuickStart}
          />
        </div>
        <div className="flex flex-wrap items-center gap-1">
          <AttachButton uploading={uploading} disabled={busy} onFiles={props.onAttach} />
          {props.theme && (
            <AppThemeButton
              theme={props.theme}
              disabled={creating}
              onChange={props.onThemeChange}
            />
          )}
          <p
            id={hintId}
            className={cn(
              'text-muted-foreground px-2 text-xs md:ml-auto',
              prompt.length < COUNTER_FROM && 'sr-only md:not-sr-only',
            )}
          >
            {prompt.length >= COUNTER_FROM
              ? `${prompt.length} / ${PROJECT_DESCRIPTION_MAX} characters`
              : `Ctrl or ⌘ + Enter to ${aiAvailable ? 'start' : 'create'}`}
          </p>
          <Button type="submit" size="sm" className="ml-auto md:ml-0" disabled={!canStart || busy}>
            {starting ? (
              <LoaderCircle className="animate-spin" aria-hidden />
            ) : aiAvailable ? (
              <ArrowUp aria-hidden />
            ) : (
              <Hammer aria-hidden />
            )}
            {starting ? 'Starting...' : aiAvailable ? 'Start chat' : 'Create project'}
          </Button>
        </div>
      </form>

      <div className="grid gap-2">
        <QuickStartList
          selectedId={props.quickStartId}
          pendingId={stage !== 'idle' ? props.quickStartId : null}
          disabled={busy}
          onSelect={props.onQuickStart}
        />
        <div className="flex flex-wrap items-center justify-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            className="text-muted-foreground hover:text-foreground"
            disabled={busy}
            onClick={props.onBrowseTemplates}
          >
            <LayoutGrid aria-hidden /> Browse all {TEMPLATE_CATALOG.length} templates
          </Button>
          <ImportButtons
            disabled={busy || uploading}
            onZip={props.onImportZip}
            onFolder={props.onImportFolder}
          />
        </div>
        <ImportProgress state={importState} onDismiss={props.onDismissImport} />
        <CreateStatus stage={stage} className="text-muted-foreground text-center text-sm" />
      </div>
    </div>
  );
}
