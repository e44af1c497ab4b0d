import type * as Monaco from 'monaco-editor';
import { useEffect, useRef, useState } from 'react';

/** Narrower than this, the two sides would show some 40 columns each: one column reads better. */
const SIDE_BY_SIDE_MIN_PX = 640;
/** The column labels' row, drawn above the diff. */
const LABELS_PX = 29;
/** A short file still gets a box this tall, so the dialog does not jump between sizes. */
const MIN_DIFF_PX = 160;

/**
 * Monaco's diff editor, read-only: the file as it is against the file as proposed. It is made
 * with the Monaco API the code editor was set up with, so it shares its theme and languages and
 * downloads nothing more. Its two models are its own and go with it.
 */
export function DiffView({
  monaco,
  original,
  proposed,
  languageId,
}: {
  monaco: typeof Monaco;
  original: string;
  proposed: string;
  languageId: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const diffRef = useRef<Monaco.editor.IStandaloneDiffEditor | null>(null);
  const [sideBySide, setSideBySide] = useState(true);
  // The diff's own height: the dialog fits a short one and scrolls inside a long one.
  const [contentHeight, setContentHeight] = useState(MIN_DIFF_PX);

  useEffect(() => {
    const node = container.current;
    if (!node) return;
    const models = {
      original: monaco.editor.createModel(original, languageId),
      modified: monaco.editor.createModel(proposed, languageId),
    };
    const diff = monaco.editor.createDiffEditor(node, {
      readOnly: true,
      originalEditable: false,
      automaticLayout: true,
      // The labels above the columns say which side is which; they must stay put.
      enableSplitViewResizing: false,
      useInlineViewWhenSpaceIsLimited: false,
      renderSideBySide: node.clientWidth >= SIDE_BY_SIDE_MIN_PX,
      ignoreTrimWhitespace: false,
      renderMarginRevertIcon: false,
      renderGutterMenu: false,
      // A change to a few lines of a long file shows with some context, the rest folded.
      hideUnchangedRegions: { enabled: true, contextLineCount: 3, minimumLineCount: 6 },
      originalAriaLabel: 'Current code',
      modifiedAriaLabel: 'Proposed code',
      fontFamily: "'JetBrains Mono Variable', ui-monospace, monospace",
      fontLigatures: true,
      fontSize: 13,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      wordWrap: 'off',
      padding: { top: 8 },
    });
    diff.setModel(models);
    diffRef.current = diff;
    const sides = [diff.getOriginalEditor(), diff.getModifiedEditor()];
    const measure = () =>
      setContentHeight(Math.max(MIN_DIFF_PX, ...sides.map((side) => side.getContentHeight())));
    const sizeChanges = sides.map((side) => side.onDidContentSizeChange(measure));
    measure();
    return () => {
      sizeChanges.forEach((subscription) => subscription.dispose());
      diffRef.current = null;
      diff.dispose();
      models.original.dispose();
      models.modified.dispose();
    };
  }, [monaco, original, proposed, languageId]);

  useEffect(() => {
    const node = container.current;
    if (!node) return;
    const observer = new ResizeObserver(([entry]) => {
      const wide = (entry?.contentRect.width ?? 0) >= SIDE_BY_SIDE_MIN_PX;
      setSideBySide(wide);
      diffRef.current?.updateOptions({ renderSideBySide: wide });
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  return (
    // Its height is its content's; inside the dialog's column it shrinks to fit the screen.
    <div className="flex min-h-0 flex-col" style={{ height: contentHeight + LABELS_PX }}>
      <div
        aria-hidden
        className="text-muted-foreground bg-muted/50 grid shrink-0 border-b text-xs font-medium"
        style={{ gridTemplateColumns: sideBySide ? '1fr 1fr' : '1fr' }}
      >
        {sideBySide ? (
          <>
            <span className="px-3 py-1.5">Current</span>
            <span className="border-l px-3 py-1.5">Proposed</span>
          </>
        ) : (
          <span className="px-3 py-1.5">Current and proposed, line by line</span>
        )}
      </div>
      <div ref={container} className="min-h-0 flex-1" data-testid="quick-action-diff" />
    </div>
  );
}
