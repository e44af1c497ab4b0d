import type { FileChange } from '@kiln/shared';
import { Bot, CircleAlert, LoaderCircle, Square, Undo2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { FilesUpdated } from '../../components/files-updated';
import { MessageText } from '../../components/message-text';
import { ToolSteps, type ShownStep } from './tool-steps';

/** What the answer is doing, for a turn in flight or just ended; stored answers are 'done'. */
export type AnswerState =
  | { kind: 'waiting' }
  | { kind: 'streaming' }
  | { kind: 'done' }
  | { kind: 'stopped' }
  | { kind: 'failed'; message: string };

export interface UndoState {
  checkpointId: string;
  undone: boolean;
  pending: boolean;
}

/**
 * One answer of the agent: its tool steps, its text as Markdown, the files it changed and, when
 * the turn changed files, its Undo.
 */
export function AssistantMessage({
  model,
  text,
  steps,
  filesModified,
  state,
  undo,
  onUndo,
  onOpenFile,
}: {
  model: string | null;
  text: string;
  steps: readonly ShownStep[];
  filesModified: readonly FileChange[];
  state: AnswerState;
  /** Null when the turn changed nothing. */
  undo: UndoState | null;
  onUndo: (checkpointId: string) => void;
  onOpenFile: (path: string) => void;
}) {
  const quiet = !text && steps.length === 0;
  const running = state.kind === 'waiting' || state.kind === 'streaming';
  return (
    <li className="grid min-w-0 grid-cols-1 gap-2">
      <h3 className="text-muted-foreground flex items-center gap-1.5 text-xs">
        <span className="bg-accent text-accent-foreground grid size-5 place-items-center rounded-full">
          <Bot className="size-3.5" aria-hidden />
        </span>
        <span className="text-foreground font-medium">Kiln AI</span>
        {model && <span className="truncate">· {model}</span>}
      </h3>
      <ToolSteps steps={steps} />
      {running && quiet && (
        <p className="text-muted-foreground flex items-center gap-2 text-sm">
          <LoaderCircle className="text-primary size-4 animate-spin" aria-hidden />
          Analyzing your request...
        </p>
      )}
      {text && <MessageText text={text} />}
      {state.kind === 'streaming' && !quiet && (
        <span className="bg-primary/70 block h-3.5 w-1.5 animate-pulse rounded-sm" aria-hidden />
      )}
      {state.kind === 'stopped' && (
        <p className="text-muted-foreground flex items-center gap-1.5 text-xs">
          <Square className="size-3" aria-hidden />
          Stopped{quiet ? ' before the agent answered' : ''}
        </p>
      )}
      {state.kind === 'failed' && (
        <p
          role="alert"
          className="border-destructive/40 bg-destructive/10 text-foreground flex items-start gap-2 rounded-lg border px-3 py-2 text-sm"
        >
          <CircleAlert className="text-destructive mt-0.5 size-4 shrink-0" aria-hidden />
          <span className="min-w-0 break-words">{state.message}</span>
        </p>
      )}
      <FilesUpdated changes={filesModified} onOpenFile={onOpenFile} />
      {undo && (
        <div>
          <Button
            variant="outline"
            size="sm"
            className="h-7 px-2.5 text-xs"
            disabled={undo.undone || undo.pending}
            aria-label={undo.undone ? 'Undone' : 'Undo the changes of this turn'}
            onClick={() => onUndo(undo.checkpointId)}
          >
            {undo.pending ? (
              <LoaderCircle className="animate-spin" aria-hidden />
            ) : (
              <Undo2 aria-hidden />
            )}
            {undo.undone ? 'Undone' : undo.pending ? 'Undoing...' : 'Undo'}
          </Button>
        </div>
      )}
    </li>
  );
}
