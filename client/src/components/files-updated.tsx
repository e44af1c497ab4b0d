import type { FileChange } from '@kiln/shared';
import { FileMinus, FilePen, FilePlus, FileSymlink } from 'lucide-react';
import { cn } from '../lib/cn';

const ACTION_ICON = {
  created: FilePlus,
  modified: FilePen,
  renamed: FileSymlink,
  deleted: FileMinus,
} as const;

function changeNote(change: FileChange): string {
  return change.action === 'renamed' && change.from ? `renamed from ${change.from}` : change.action;
}

/**
 * The 'Files Updated' block of a turn: each file it changed, and how. A file that still exists
 * opens in the editor.
 */
export function FilesUpdated({
  changes,
  onOpenFile,
}: {
  changes: readonly FileChange[];
  onOpenFile: (path: string) => void;
}) {
  if (changes.length === 0) return null;
  return (
    <section aria-label="Files Updated" className="rounded-lg border text-xs">
      <h4 className="text-muted-foreground border-b px-2.5 py-1.5 font-medium">Files Updated</h4>
      <ul className="grid p-1">
        {changes.map((change) => {
          const Icon = ACTION_ICON[change.action];
          const content = (
            <>
              <Icon
                className={cn(
                  'size-3.5 shrink-0',
                  change.action === 'deleted' ? 'text-destructive' : 'text-primary',
                )}
                aria-hidden
              />
              <span className="min-w-0 truncate font-mono">{change.path}</span>
              <span className="text-muted-foreground ml-auto shrink-0 pl-2">
                {changeNote(change)}
              </span>
            </>
          );
          return (
            <li key={`${change.action}:${change.path}`}>
              {change.action === 'deleted' ? (
                <span className="flex items-center gap-1.5 rounded px-1.5 py-1">{content}</span>
              ) : (
                <button
                  type="button"
                  onClick={() => onOpenFile(change.path)}
                  title={`Open ${change.path}`}
                  className="hover:bg-muted flex w-full cursor-pointer items-center gap-1.5 rounded px-1.5 py-1 text-left"
                >
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
