import { QUICK_ACTIONS, type QuickAction } from '@kiln/shared';
import {
  Blocks,
  BookOpenText,
  CircleCheck,
  FileCode2,
  LoaderCircle,
  TextSelect,
  Undo2,
  WandSparkles,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { cn } from '../../lib/cn';
import { QUICK_ACTION_INFO } from './catalog';
import { quickActionsAvailability } from './target';
import { useTargetSummary, type CodeEditorHandle } from './use-editor-target';
import { useQuickActions, type AppliedChange, type SaveThrough } from './use-quick-actions';

// The diff and its dialog load on the first proposal, not with the editor.
const ProposalDialog = lazy(() => import('./proposal-dialog'));

const ACTION_ICONS: Record<QuickAction, LucideIcon> = {
  improve: WandSparkles,
  optimize: Zap,
  refactor: Blocks,
  document: BookOpenText,
};

export interface QuickActionsPanelProps {
  projectId: string;
  /** The code editor on screen; null until it mounts. */
  editor: CodeEditorHandle | null;
  /** The file the editor shows; null while none (or a binary one) is open or the next loads. */
  path: string | null;
  saveThrough: SaveThrough;
  /** Saves the editor's pending edits. */
  flush: () => Promise<void>;
  /** Files changed on the server (an Undo): the editor reads them again. */
  onFilesChanged: () => void;
  /** Changes each time the shortcut asks for the panel: the first action takes the focus. */
  focusRequest: number;
  /** The shortcut's keys on this platform ("Ctrl+."), for the hint. */
  shortcut: string;
}

/**
 * The Quick Actions tab: improve, optimize, refactor or document the selection, or the whole
 * file without one; the proposal opens as a diff to apply or discard, and the change applied
 * last can be undone here.
 */
export function QuickActionsPanel({
  projectId,
  editor,
  path,
  saveThrough,
  flush,
  onFilesChanged,
  focusRequest,
  shortcut,
}: QuickActionsPanelProps) {
  const summary = useTargetSummary(editor, path);
  const availability = quickActionsAvailability(summary);
  const quick = useQuickActions({ projectId, editor, path, saveThrough, flush, onFilesChanged });
  const { state } = quick;
  const panelRef = useRef<HTMLElement>(null);
  const firstActionRef = useRef<HTMLButtonElement>(null);
  const scopeId = useId();
  const idPrefix = useId();

  useEffect(() => {
    if (focusRequest === 0) return;
    // The tab has only just been shown.
    const frame = requestAnimationFrame(() => {
      const first = firstActionRef.current;
      if (first && !first.disabled) first.focus();
      else panelRef.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [focusRequest]);

  const running = state.status === 'running' ? state : null;
  const reviewing = state.status === 'reviewing' ? state : null;

  return (
    <section
      ref={panelRef}
      aria-label="Quick actions"
      tabIndex={-1}
      className="flex h-full min-h-0 flex-col overflow-y-auto outline-none"
    >
      <div className="border-b px-4 pt-1 pb-3">
        <p className="flex min-w-0 items-center gap-2 text-sm font-medium">
          <FileCode2 className="text-muted-foreground size-4 shrink-0" aria-hidden />
          <span className="truncate">{summary?.path ?? path ?? 'No file open'}</span>
        </p>
        <p
          id={scopeId}
          data-testid="quick-actions-scope"
          className="text-muted-foreground mt-1 flex items-start gap-1.5 text-xs"
        >
          {availability.enabled ? (
            <>
              <TextSelect className="mt-px size-3.5 shrink-0" aria-hidden />
              <span>Works on: {availability.scope}</span>
            </>
          ) : (
            availability.reason
          )}
        </p>
      </div>

      <ul className="grid gap-2 p-3" aria-label="Actions">
        {QUICK_ACTIONS.map((action, index) => {
          const info = QUICK_ACTION_INFO[action];
          const Icon = ACTION_ICONS[action];
          const busy = running?.action === action;
          return (
            <li key={action}>
              <button
                ref={index === 0 ? firstActionRef : undefined}
                type="button"
                disabled={!availability.enabled || state.status !== 'idle'}
                aria-labelledby={`${idPrefix}-${action}`}
                aria-describedby={`${idPrefix}-${action}-about ${scopeId}`}
                onClick={() => quick.run(action)}
                className={cn(
                  'bg-background flex w-full cursor-pointer items-start gap-3 rounded-lg border p-3 text-left transition-colors',
                  'hover:border-primary/50 hover:bg-muted/40 focus-visible:ring-ring outline-none focus-visible:ring-2',
                  'disabled:cursor-not-allowed disabled:hover:border-border disabled:hover:bg-background',
                  !availability.enabled && 'opacity-60',
                  busy && 'border-primary/60',
                )}
              >
                <span className="bg-primary/10 text-primary-tint-foreground grid size-8 shrink-0 place-items-center rounded-md">
                  {busy ? (
                    <LoaderCircle className="size-4 animate-spin" aria-hidden />
                  ) : (
                    <Icon className="size-4" aria-hidden />
                  )}
                </span>
                <span className="grid min-w-0 gap-0.5">
                  <span id={`${idPrefix}-${action}`} className="text-sm font-medium">
                    {info.label}
                  </span>
                  <span
                    id={`${idPrefix}-${action}-about`}
                    className="text-muted-foreground text-xs leading-snug"
                  >
                    {info.description}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>

      <div className="grid gap-3 px-3 pb-3">
        {running && (
          <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm">
            <LoaderCircle className="size-4 shrink-0 animate-spin" aria-hidden />
            <span className="min-w-0">
              {QUICK_ACTION_INFO[running.action].progress} {running.path} ({running.scope})...
            </span>
          </p>
        )}
        {quick.applied && (
          <AppliedCard change={quick.applied} undoing={quick.undoing} onUndo={quick.undo} />
        )}
        <p className="text-muted-foreground text-xs leading-relaxed">
          Select code first to work on just that part. {shortcut} opens this tab from the editor.
          Each proposal shows as a diff; nothing changes until you apply it.
        </p>
      </div>

      {reviewing && editor && (
        <Suspense fallback={null}>
          <ProposalDialog
            monaco={editor.monaco}
            proposal={reviewing.proposal}
            applying={reviewing.applying}
            error={reviewing.error}
            stale={quick.isStale(reviewing.proposal)}
            onApply={quick.apply}
            onDiscard={quick.discard}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={quick.undoConflict !== null}
        onClose={quick.dismissUndoConflict}
        title="Undo anyway?"
        description={quick.undoConflict?.message ?? ''}
        confirmLabel="Undo anyway"
        pendingLabel="Undoing..."
        isPending={quick.undoing}
        onConfirm={quick.confirmUndo}
      />
    </section>
  );
}

/** The change applied last, with its Undo. */
function AppliedCard({
  change,
  undoing,
  onUndo,
}: {
  change: AppliedChange;
  undoing: boolean;
  onUndo: () => void;
}) {
  const label = QUICK_ACTION_INFO[change.action].label;
  return (
    <section
      aria-label="Last applied change"
      className="bg-background grid gap-2 rounded-lg border p-3 text-sm"
    >
      <p className="flex items-start gap-2 font-medium">
        {change.undone ? (
          <Undo2 className="text-muted-foreground mt-0.5 size-4 shrink-0" aria-hidden />
        ) : (
          <CircleCheck className="text-success mt-0.5 size-4 shrink-0" aria-hidden />
        )}
        <span className="min-w-0 break-words">
          {change.undone
            ? `${label} undone in ${change.path}`
            : `${label} applied to ${change.path}`}
        </span>
      </p>
      {change.explanation && (
        <p className="text-muted-foreground line-clamp-3 text-xs">{change.explanation}</p>
      )}
      {!change.undone && (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={undoing}
          onClick={onUndo}
        >
          <Undo2 aria-hidden />
          {undoing ? 'Undoing...' : 'Undo'}
        </Button>
      )}
    </section>
  );
}
