import type { ProjectFile, ProjectFileEntry } from '@kiln/shared';
import { ChevronRight } from 'lucide-react';
import { Suspense } from 'react';
import type { OnMount } from '@monaco-editor/react';
import { Button } from '../../components/ui/button';
import type { Drafts } from './drafts';
import { EditorSkeleton } from './editor-skeleton';
import { CodeEditor } from './lazy-code-editor';
import type { OpenFile } from './use-open-file';
import { useServerText } from './use-server-text';

/**
 * The selected file: its breadcrumbs and unsaved dot over the code editor, or why it cannot be
 * shown (binary, still loading, failed to load), or the empty state when no file is selected.
 */
export function EditorPane({
  selected,
  openFile,
  drafts,
  readOnly,
  onMount,
  onEdit,
}: {
  selected: ProjectFileEntry | null;
  openFile: OpenFile;
  drafts: Drafts;
  readOnly: boolean;
  onMount: OnMount;
  /** The person changed the shown file's text. */
  onEdit: (file: ProjectFile, content: string) => void;
}) {
  const applyingServerText = useServerText(openFile, drafts);
  if (!selected) {
    return (
      <div className="text-muted-foreground flex h-full items-center justify-center p-6 text-sm">
        Select a file to start editing
      </div>
    );
  }
  const shownFile = openFile.file;
  return (
    <div className="flex h-full flex-col">
      <Breadcrumbs path={selected.path} dirty={drafts[selected.path] !== undefined} />
      <div className="min-h-0 flex-1">
        {selected.isBinary ? (
          <p className="text-muted-foreground p-6 text-sm">
            {selected.path} is a binary file ({selected.mimeType ?? 'unknown type'}) and cannot be
            edited here.
          </p>
        ) : shownFile ? (
          <Suspense fallback={<EditorSkeleton />}>
            <CodeEditor
              onMount={onMount}
              path={shownFile.path}
              readOnly={openFile.loading || readOnly}
              initialValue={drafts[shownFile.path]?.content ?? shownFile.content ?? ''}
              onChange={(content) => {
                if (!applyingServerText.current) onEdit(shownFile, content);
              }}
            />
          </Suspense>
        ) : openFile.failed ? (
          <FileLoadError path={selected.path} onRetry={openFile.retry} />
        ) : (
          <EditorSkeleton />
        )}
      </div>
    </div>
  );
}

function Breadcrumbs({ path, dirty }: { path: string; dirty: boolean }) {
  return (
    <nav
      aria-label="Breadcrumbs"
      className="text-muted-foreground flex h-8 shrink-0 items-center gap-1 border-b px-3 text-xs"
    >
      {path.split('/').map((part, index, parts) => (
        <span key={index} className="flex items-center gap-1">
          {index > 0 && <ChevronRight className="size-3" aria-hidden />}
          <span className={index === parts.length - 1 ? 'text-foreground' : ''}>{part}</span>
        </span>
      ))}
      {dirty && (
        <span
          className="bg-primary ml-1 size-2 rounded-full"
          aria-label="Unsaved changes"
          data-testid="unsaved-dot"
        />
      )}
    </nav>
  );
}

/** The selected file's text could not be read (the connection dropped, or it was deleted). */
function FileLoadError({ path, onRetry }: { path: string; onRetry: () => void }) {
  return (
    <div className="text-muted-foreground grid h-full content-center justify-items-center gap-3 p-6 text-center text-sm">
      <p>{path} could not be loaded.</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
