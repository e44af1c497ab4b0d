import type { SearchResult } from '@kiln/shared';
import { ChevronRight, FileText } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { fileNameOf, folderOf } from './quick-open';
import { isAutoExpanded, matchCountLabel, matchPreview, type SearchMatch } from './search-results';

/** Where a search match is, as the editor needs it to open the file there (1-based). */
export interface SearchMatchTarget {
  fileId: string;
  filePath: string;
  line: number;
  column: number;
}

/**
 * Search results grouped by file (expanded when 5 files or fewer, otherwise
 * collapsed until opened). Up and Down walk the rows, Right and Left open and close a file,
 * Enter opens a match.
 */
export function SearchResultList({
  results,
  onOpenMatch,
  onExitTop,
}: {
  results: SearchResult[];
  onOpenMatch: (match: SearchMatchTarget) => void;
  /** Up from the first row returns to the query. */
  onExitTop: () => void;
}) {
  // The files whose expansion differs from the default for this many results.
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const listRef = useRef<HTMLUListElement>(null);
  const idPrefix = useId();
  const byDefault = isAutoExpanded(results.length);
  const isExpanded = (fileId: string) => byDefault !== toggled.has(fileId);

  const toggle = (fileId: string) =>
    setToggled((current) => {
      const next = new Set(current);
      if (!next.delete(fileId)) next.add(fileId);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const rows = Array.from(
      listRef.current?.querySelectorAll<HTMLElement>('[data-search-row]') ?? [],
    );
    const current = event.target as HTMLElement;
    const index = rows.indexOf(current);
    if (index === -1) return;
    const fileId = current.dataset.fileId ?? '';
    const isFile = current.dataset.searchRow === 'file';
    if (event.key === 'ArrowDown') rows[index + 1]?.focus();
    else if (event.key === 'ArrowUp') {
      if (index === 0) onExitTop();
      else rows[index - 1]?.focus();
    } else if (event.key === 'Home') rows[0]?.focus();
    else if (event.key === 'End') rows[rows.length - 1]?.focus();
    else if (event.key === 'ArrowRight' && isFile) {
      if (isExpanded(fileId)) rows[index + 1]?.focus();
      else toggle(fileId);
    } else if (event.key === 'ArrowLeft') {
      if (isFile) {
        if (isExpanded(fileId)) toggle(fileId);
      } else {
        rows
          .slice(0, index)
          .findLast((row) => row.dataset.searchRow === 'file')
          ?.focus();
      }
    } else return;
    event.preventDefault();
  };

  return (
    <ul ref={listRef} onKeyDown={onKeyDown} className="px-2 pb-2" aria-label="Search results">
      {results.map((result, fileIndex) => {
        const expanded = isExpanded(result.fileId);
        const folder = folderOf(result.filePath);
        const panelId = `${idPrefix}-file-${fileIndex}`;
        return (
          <li key={result.fileId}>
            <button
              type="button"
              data-search-row="file"
              data-file-id={result.fileId}
              // One tab stop for the whole list; the arrow keys move within it.
              tabIndex={fileIndex === 0 ? 0 : -1}
              aria-expanded={expanded}
              aria-controls={panelId}
              title={result.filePath}
              // The visible text in its order (name, folder, count), so the spoken name contains
              // what is shown (WCAG 2.5.3); the spaces between the parts keep them words apart.
              aria-label={`${[fileNameOf(result.filePath), folder].filter(Boolean).join(' ')}, ${matchCountLabel(result)} ${result.matches.length === 1 ? 'match' : 'matches'}`}
              onClick={() => toggle(result.fileId)}
              className="hover:bg-muted focus-visible:bg-accent flex w-full cursor-pointer items-center gap-1.5 rounded-md px-1.5 py-1 text-left text-sm outline-none"
            >
              <ChevronRight
                className={cn(
                  'text-muted-foreground size-4 shrink-0 transition-transform',
                  expanded && 'rotate-90',
                )}
                aria-hidden
              />
              <FileText className="text-muted-foreground size-4 shrink-0" aria-hidden />
              <span className="shrink-0 font-medium">{fileNameOf(result.filePath)}</span>{' '}
              <span className="text-muted-foreground min-w-0 flex-1 truncate text-xs">
                {folder}
              </span>{' '}
              <Badge variant="secondary" className="ml-1 shrink-0 tabular-nums">
                {matchCountLabel(result)}
              </Badge>
            </button>
            {expanded && (
              <ul id={panelId}>
                {result.matches.map((match, matchIndex) => (
                  <li key={`${match.line}:${match.columnStart}:${matchIndex}`}>
                    <MatchRow
                      match={match}
                      fileId={result.fileId}
                      onOpen={() =>
                        onOpenMatch({
                          fileId: result.fileId,
                          filePath: result.filePath,
                          line: match.line,
                          column: match.columnStart,
                        })
                      }
                    />
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function MatchRow({
  match,
  fileId,
  onOpen,
}: {
  match: SearchMatch;
  fileId: string;
  onOpen: () => void;
}) {
  const preview = matchPreview(match);
  return (
    <button
      type="button"
      data-search-row="match"
      data-file-id={fileId}
      tabIndex={-1}
      onClick={onOpen}
      // What the row shows, so the spoken name contains the visible text (WCAG 2.5.3).
      aria-label={`Line ${match.line}: ${preview.before}${preview.match}${preview.after}`}
      className="hover:bg-muted focus-visible:bg-accent focus-visible:text-accent-foreground flex w-full cursor-pointer items-baseline gap-3 rounded-md py-0.5 pr-2 pl-7 text-left outline-none"
    >
      <span className="text-muted-foreground w-10 shrink-0 text-right font-mono text-[11px] tabular-nums">
        {match.line}
      </span>{' '}
      <span className="min-w-0 flex-1 truncate font-mono text-xs whitespace-pre">
        {preview.clipped && <span className="text-muted-foreground">…</span>}
        {preview.before}
        <mark className="bg-primary/25 text-foreground rounded-[2px] outline outline-primary/40">
          {preview.match}
        </mark>
        {preview.after}
      </span>
    </button>
  );
}
