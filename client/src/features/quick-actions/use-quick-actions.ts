import { QUICK_ACTION_CODE_MAX, type ProjectFile, type QuickAction } from '@kiln/shared';
import { useQueryClient } from '@tanstack/react-query';
import type * as Monaco from 'monaco-editor';
import { useRef, useState } from 'react';
import { toast } from '../../components/ui/toast-store';
import { ApiError, messageOf, serverMessageOf } from '../../lib/api-error';
import { useUndoTurn } from '../../components/use-undo-turn';
import { aiStatusQueryOptions } from '../../lib/ai-status';
import { applyProposal } from './api/apply-proposal';
import { runQuickAction } from './api/run-quick-action';
import { QUICK_ACTION_INFO } from './catalog';
import { actionTarget, proposedText, scopeLabel } from './target';
import { readEditor, type CodeEditorHandle } from './use-editor-target';

/** How a change saved through the editor went (the editor's saveThrough). */
export type SaveThroughOutcome = 'saved' | 'conflict' | 'unsaved';

/**
 * The editor's way to save a change made outside it: its pending edits first, then `send` with
 * the version of `expected`; a file changed elsewhere opens its conflict view.
 */
export type SaveThrough = (
  path: string,
  change: { expected: string; content: string },
  send: (baseVersion: number) => Promise<ProjectFile>,
) => Promise<SaveThroughOutcome>;

/** A model's answer, as the whole file before and after. */
export interface Proposal {
  action: QuickAction;
  path: string;
  /** The file's model when asked: the diff's language, and whether the file changed since. */
  uri: Monaco.Uri;
  languageId: string;
  original: string;
  proposed: string;
  /** "Selection (lines 4–12)" or "Whole file". */
  scope: string;
  explanation: string;
  model: string;
}

export type QuickActionsState =
  | { status: 'idle' }
  | { status: 'running'; action: QuickAction; path: string; scope: string }
  | { status: 'reviewing'; proposal: Proposal; applying: boolean; error: string | null };

/** The change applied last, which Undo puts back. */
export interface AppliedChange {
  action: QuickAction;
  path: string;
  checkpointId: string;
  explanation: string;
  undone: boolean;
}

const fileName = (path: string) => path.split('/').pop() ?? path;

/**
 * The quick actions' life: run one on the open file's selection or the whole file, review the
 * proposal, apply it through the file's version with a checkpoint, and undo it.
 */
export function useQuickActions({
  projectId,
  editor,
  path,
  saveThrough,
  flush,
  onFilesChanged,
}: {
  projectId: string;
  editor: CodeEditorHandle | null;
  path: string | null;
  saveThrough: SaveThrough;
  /** Saves the editor's pending edits. */
  flush: () => Promise<void>;
  /** Files changed on the server (an Undo): the editor reads them again. */
  onFilesChanged: () => void;
}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<QuickActionsState>({ status: 'idle' });
  const [applied, setApplied] = useState<AppliedChange | null>(null);
  // The checkpoint being restored, marked undone when it is; and a guard while edits save first.
  const undoing = useRef<string | null>(null);
  const flushing = useRef(false);
  const undo = useUndoTurn({
    projectId,
    onFilesChanged: () => {
      onFilesChanged();
      const done = undoing.current;
      setApplied((change) =>
        change && change.checkpointId === done ? { ...change, undone: true } : change,
      );
    },
  });

  /** The file's text now, when the editor still has it. */
  const currentText = (proposal: Proposal) =>
    editor?.monaco.editor.getModel(proposal.uri)?.getValue() ?? null;

  /** The file changed since it was sent (typed in while the model worked, or reloaded). */
  const isStale = (proposal: Proposal) => currentText(proposal) !== proposal.original;

  const run = async (action: QuickAction) => {
    if (state.status !== 'idle' || !editor || !path) return;
    const reading = readEditor(editor, path);
    if (!reading) return;
    const target = actionTarget(reading.text, reading.selection?.range ?? null);
    if (!target.code.trim() || target.code.length > QUICK_ACTION_CODE_MAX) return;
    const scope = scopeLabel(target.range ? (reading.selection?.lines ?? null) : null);
    setState({ status: 'running', action, path, scope });
    try {
      const answer = await runQuickAction(action, { code: target.code, fileName: path, projectId });
      setState({
        status: 'reviewing',
        proposal: {
          action,
          path,
          uri: reading.model.uri,
          languageId: reading.model.getLanguageId(),
          original: reading.text,
          proposed: proposedText(reading.text, target, answer.code),
          scope,
          explanation: answer.explanation,
          model: answer.model,
        },
        applying: false,
        error: null,
      });
    } catch (error) {
      setState({ status: 'idle' });
      const info = QUICK_ACTION_INFO[action];
      // Only the server's own words are shown; a broken answer gets the spec's message.
      const description = serverMessageOf(error, info.failureMessage);
      toast({ title: info.failureTitle, description, variant: 'destructive' });
      // The panel then says how to configure a provider.
      if (error instanceof ApiError && error.code === 'AI_NOT_CONFIGURED') {
        void queryClient.invalidateQueries(aiStatusQueryOptions());
      }
    }
  };

  const apply = async () => {
    if (state.status !== 'reviewing' || state.applying) return;
    const { proposal } = state;
    if (isStale(proposal)) return;
    setState({ ...state, applying: true, error: null });
    const result = { checkpointId: '' };
    try {
      const outcome = await saveThrough(
        proposal.path,
        { expected: proposal.original, content: proposal.proposed },
        async (baseVersion) => {
          const answer = await applyProposal({
            projectId,
            path: proposal.path,
            content: proposal.proposed,
            baseVersion,
            action: proposal.action,
          });
          result.checkpointId = answer.checkpointId;
          return answer.file;
        },
      );
      if (outcome === 'unsaved') {
        setState({
          ...state,
          applying: false,
          error: `Your latest edits to ${fileName(proposal.path)} are not saved yet, so nothing was applied. Try again in a moment.`,
        });
        return;
      }
      // A conflict leaves the editor's conflict view open: the proposal is "your version" there.
      setState({ status: 'idle' });
      if (outcome === 'saved') {
        setApplied({
          action: proposal.action,
          path: proposal.path,
          checkpointId: result.checkpointId,
          explanation: proposal.explanation,
          undone: false,
        });
        toast({
          title: 'Applied',
          description: `${QUICK_ACTION_INFO[proposal.action].label} changed ${fileName(proposal.path)}. Undo in Quick Actions puts it back.`,
          variant: 'success',
        });
      }
    } catch (error) {
      setState({ ...state, applying: false, error: null });
      toast({
        title: 'Apply failed',
        description: messageOf(error, 'Failed to apply the change'),
        variant: 'destructive',
      });
    }
  };

  const discard = () => {
    if (state.status === 'reviewing' && !state.applying) setState({ status: 'idle' });
  };

  const undoApplied = async () => {
    if (!applied || applied.undone || undo.pendingCheckpoint || flushing.current) return;
    undoing.current = applied.checkpointId;
    flushing.current = true;
    try {
      // Edits made since are saved first, so the server sees them and asks before overwriting.
      await flush();
    } finally {
      flushing.current = false;
      undo.undo(applied.checkpointId);
    }
  };

  return {
    state,
    applied,
    isStale,
    run: (action: QuickAction) => void run(action),
    apply: () => void apply(),
    discard,
    undo: () => void undoApplied(),
    undoing: undo.pendingCheckpoint !== null,
    undoConflict: undo.conflict,
    confirmUndo: () => {
      undoing.current = undo.conflict?.checkpointId ?? null;
      undo.confirmConflict();
    },
    dismissUndoConflict: undo.dismissConflict,
  };
}
