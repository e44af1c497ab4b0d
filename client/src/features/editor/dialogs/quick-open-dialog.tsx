import type { ProjectFileEntry } from '@kiln/shared';
import { FileText, Search } from 'lucide-react';
import { Fragment, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';
import { Kbd } from '../../../components/ui/kbd';
import { fileNameOf, folderOf, matchedPositions, QUICK_OPEN_LIMIT, scoreFiles } from './quick-open';

export interface QuickOpenDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  files: ProjectFileEntry[];
  onOpen: (file: ProjectFileEntry) => void;
  /** Where focus goes when the dialog closes (use-focus-return.ts). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Quick file open (Cmd/Ctrl+P), scored by name and path. */
export function QuickOpenDialog({
  open,
  onOpenChange,
  files,
  onOpen,
  onCloseAutoFocus,
}: QuickOpenDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="top-[12vh] max-w-xl translate-y-0 gap-0 overflow-hidden p-0"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogTitle className="sr-only">Go to file</DialogTitle>
        <DialogDescription className="sr-only">
          Type part of a file name or path. Up and Down choose a file, Enter opens it.
        </DialogDescription>
        {/* Mounted only while open, so every opening starts with an empty query. */}
        <QuickOpenPanel
          files={files}
          onOpen={(file) => {
            onOpen(file);
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function QuickOpenPanel({
  files,
  onOpen,
}: {
  files: ProjectFileEntry[];
  onOpen: (file: ProjectFileEntry) => void;
}) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();
  const results = useMemo(() => scoreFiles(files, query), [files, query]);
  const activeIndex = Math.min(active, results.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;
  const hasFiles = files.some((file) => !file.isDirectory);

  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.length;
    if (event.key === 'ArrowDown' && count > 0) setActive((activeIndex + 1) % count);
    else if (event.key === 'ArrowUp' && count > 0) setActive((activeIndex - 1 + count) % count);
    else if (event.key === 'PageDown' && count > 0) setActive(Math.min(count - 1, activeIndex + 8));
    else if (event.key === 'PageUp' && count > 0) setActive(Math.max(0, activeIndex - 8));
    else if (event.key === 'Enter') {
      const file = results[activeIndex];
      if (file) onOpen(file);
    } else return;
    event.preventDefault();
  };

  return (
    <div className="flex min-w-0 flex-col">
      <div className="flex items-center gap-2 border-b px-3 pr-11">
        <Search className="text-muted-foreground size-4 shrink-0" aria-hidden />
        <input
          role="combobox"
          aria-label="File name or path"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={results.length > 0 ? optionId(activeIndex) : undefined}
          placeholder="Search files by name or path"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className="placeholder:text-muted-foreground h-12 min-w-0 flex-1 bg-transparent text-sm outline-none focus-visible:outline-none"
        />
      </div>

      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="Files"
        className={cn('max-h-[min(60vh,26rem)] overflow-y-auto p-1.5', !results.length && 'hidden')}
      >
        {results.map((file, index) => {
          const selected = index === activeIndex;
          const positions = matchedPositions(file.path, query);
          const nameStart = file.path.length - fileNameOf(file.path).length;
          return (
            <li
              key={file.id}
              id={optionId(index)}
              role="option"
              aria-selected={selected}
              // Named by its text (file name, then folder), as shown; the title has the path.
              title={file.path}
              // Mouse move, not enter: a list scrolled by the keyboard must not steal the choice.
              onMouseMove={() => !selected && setActive(index)}
              onClick={() => onOpen(file)}
              className={cn(
                'flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm',
                selected ? 'bg-accent text-accent-foreground' : 'text-foreground',
              )}
            >
              <FileText
                className={cn(
                  'size-4 shrink-0',
                  selected ? 'text-primary' : 'text-muted-foreground',
                )}
                aria-hidden
              />
              <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-baseline sm:gap-2">
                <span className="truncate font-medium">
                  <Highlighted text={file.path} from={nameStart} positions={positions} />
                </span>{' '}
                {nameStart > 0 && (
                  <span className="text-muted-foreground truncate text-xs">
                    <Highlighted
                      text={file.path}
                      from={0}
                      to={folderOf(file.path).length}
                      positions={positions}
                    />
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ul>

      {results.length === 0 && (
        <p className="text-muted-foreground px-4 py-6 text-center text-sm" role="status">
          {hasFiles ? 'No matching files' : 'This project has no files yet'}
        </p>
      )}

      <div className="text-muted-foreground hidden items-center gap-4 border-t px-3 py-2 text-xs sm:flex">
        <span className="flex items-center gap-1">
          <Kbd>↑</Kbd>
          <Kbd>↓</Kbd> to choose
        </span>
        <span className="flex items-center gap-1">
          <Kbd>Enter</Kbd> to open
        </span>
        <span className="flex items-center gap-1">
          <Kbd>Esc</Kbd> to close
        </span>
        {results.length === QUICK_OPEN_LIMIT && (
          <span className="ml-auto">Top {QUICK_OPEN_LIMIT} matches; keep typing to narrow</span>
        )}
      </div>
    </div>
  );
}

/** `text` from `from` to `to`, with the matched positions in the primary colour. */
function Highlighted({
  text,
  from,
  to = text.length,
  positions,
}: {
  text: string;
  from: number;
  to?: number;
  positions: number[];
}) {
  const marked = new Set(positions);
  const runs: { text: string; marked: boolean }[] = [];
  for (let index = from; index < to; index += 1) {
    const isMarked = marked.has(index);
    const last = runs[runs.length - 1];
    if (last && last.marked === isMarked) last.text += text[index];
    else runs.push({ text: text[index] ?? '', marked: isMarked });
  }
  return (
    <>
      {runs.map((run, index) =>
        run.marked ? (
          <mark key={index} className="text-primary bg-transparent font-semibold">
            {run.text}
          </mark>
        ) : (
          <Fragment key={index}>{run.text}</Fragment>
        ),
      )}
    </>
  );
}
