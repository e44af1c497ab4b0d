import { FILE_LIMITS, type SearchFilesInput } from '@kiln/shared';
import { CaseSensitive, Loader2, Regex, Search } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { cn } from '../../../lib/cn';
import { messageOf } from '../../../lib/api-error';
import { Kbd } from '../../../components/ui/kbd';
import { useSearchFiles } from './search-api';
import { SearchResultList, type SearchMatchTarget } from './search-result-list';
import { searchSummary } from './search-results';

export type { SearchMatchTarget } from './search-result-list';

export interface SearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projectId: string;
  onOpenMatch: (match: SearchMatchTarget) => void;
  /** Where focus goes when the dialog closes (use-focus-return.ts). */
  onCloseAutoFocus?: (event: Event) => void;
}

const FAILURE_FALLBACK = 'The search could not be completed. Please try again.';

/**
 * Search in files (Cmd/Ctrl+Shift+F) with case and regular-expression
 * options. The query and results outlive closing the dialog, as in an editor's search panel,
 * but not a change of project.
 */
export function SearchDialog(props: SearchDialogProps) {
  return <SearchDialogForProject key={props.projectId} {...props} />;
}

function SearchDialogForProject({
  open,
  onOpenChange,
  projectId,
  onOpenMatch,
  onCloseAutoFocus,
}: SearchDialogProps) {
  const [query, setQuery] = useState('');
  const [caseSensitive, setCaseSensitive] = useState(false);
  const [useRegex, setUseRegex] = useState(false);
  const [blank, setBlank] = useState(false);
  const search = useSearchFiles(projectId);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const errorId = useId();

  const runSearch = (input: Required<SearchFilesInput>) => {
    if (!input.query.trim()) {
      setBlank(true);
      return;
    }
    search.mutate(input, {
      onSuccess: (results) => {
        if (results.length === 0) {
          toast({ title: 'No matches found', description: `Nothing matches “${input.query}”.` });
        }
      },
      onError: (error) =>
        toast({
          title: 'Search failed',
          description: messageOf(error, FAILURE_FALLBACK),
          variant: 'destructive',
        }),
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    runSearch({ query, caseSensitive, useRegex });
  };

  // Changing an option re-runs a search already made, as the options panel of an editor does.
  const onOption = (next: { caseSensitive: boolean; useRegex: boolean }) => {
    setCaseSensitive(next.caseSensitive);
    setUseRegex(next.useRegex);
    if (!search.isIdle && query.trim()) runSearch({ query, ...next });
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowDown') return;
    const first = resultsRef.current?.querySelector<HTMLElement>('[data-search-row]');
    if (!first) return;
    event.preventDefault();
    first.focus();
  };

  const searchedFor = search.variables?.query ?? '';

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="top-[8vh] flex max-h-[84vh] max-w-2xl translate-y-0 flex-col gap-0 overflow-hidden p-0"
        onOpenAutoFocus={(event) => {
          // Reopening keeps the last query; selecting it lets typing replace it.
          event.preventDefault();
          inputRef.current?.focus();
          inputRef.current?.select();
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader className="px-4 pt-4 pb-3">
          <DialogTitle className="text-base">Search in files</DialogTitle>
          <DialogDescription className="sr-only">
            Search the contents of every file in the project. Press Enter to search, Down to move
            into the results.
          </DialogDescription>
        </DialogHeader>

        <form onSubmit={onSubmit} className="flex flex-col gap-1.5 px-4 pb-3" noValidate>
          <div className="flex gap-2">
            <div
              className={cn(
                'border-input bg-background focus-within:border-ring flex h-10 min-w-0 flex-1 items-center gap-1 rounded-md border pr-1 pl-3 transition-colors',
                blank && 'border-destructive',
              )}
            >
              <Search className="text-muted-foreground size-4 shrink-0" aria-hidden />
              <input
                ref={inputRef}
                aria-label="Search text"
                aria-invalid={blank || undefined}
                aria-describedby={blank ? errorId : undefined}
                placeholder={useRegex ? 'Regular expression' : 'Search'}
                autoComplete="off"
                spellCheck={false}
                maxLength={FILE_LIMITS.searchQueryLength}
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setBlank(false);
                }}
                onKeyDown={onInputKeyDown}
                className={cn(
                  'placeholder:text-muted-foreground h-full min-w-0 flex-1 bg-transparent px-1.5 text-sm outline-none focus-visible:outline-none',
                  useRegex && 'font-mono',
                )}
              />
              <OptionToggle
                label="Match case"
                pressed={caseSensitive}
                onToggle={() => onOption({ caseSensitive: !caseSensitive, useRegex })}
              >
                <CaseSensitive />
              </OptionToggle>
              <OptionToggle
                label="Use regular expression"
                pressed={useRegex}
                onToggle={() => onOption({ caseSensitive, useRegex: !useRegex })}
              >
                <Regex />
              </OptionToggle>
            </div>
            <Button type="submit" disabled={search.isPending}>
              {search.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
              <span className={cn(search.isPending && 'sr-only sm:not-sr-only')}>Search</span>
            </Button>
          </div>
          <FieldError id={errorId} message={blank ? 'Enter text to search for.' : undefined} />
        </form>

        <div
          ref={resultsRef}
          className="min-h-0 flex-1 overflow-y-auto border-t"
          aria-busy={search.isPending}
        >
          <div aria-live="polite" className="text-muted-foreground px-4 py-2 text-xs">
            {search.isPending ? (
              <span className="flex items-center gap-2">
                <Loader2 className="size-3.5 animate-spin" aria-hidden /> Searching...
              </span>
            ) : search.isError ? (
              <span className="text-destructive">
                Search failed: {messageOf(search.error, FAILURE_FALLBACK)}
              </span>
            ) : search.isSuccess && search.data.length === 0 ? (
              <>No matches found for “{searchedFor}”.</>
            ) : search.isSuccess ? (
              searchSummary(search.data)
            ) : (
              <span className="hidden flex-wrap items-center gap-1 sm:flex">
                Press <Kbd>Enter</Kbd> to search and <Kbd>↓</Kbd> to move into the results.
              </span>
            )}
          </div>
          {search.isSuccess && search.data.length > 0 && (
            <SearchResultList
              // A new search starts from the default expansion again.
              key={search.submittedAt}
              results={search.data}
              onOpenMatch={(match) => {
                onOpenMatch(match);
                onOpenChange(false);
              }}
              onExitTop={() => inputRef.current?.focus()}
            />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function OptionToggle({
  label,
  pressed,
  onToggle,
  children,
}: {
  label: string;
  pressed: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onToggle}
      className={cn(
        'text-muted-foreground hover:bg-muted hover:text-foreground flex size-7 shrink-0 cursor-pointer items-center justify-center rounded border border-transparent transition-colors [&_svg]:size-4',
        pressed &&
          'border-primary/40 bg-primary/15 text-primary hover:bg-primary/20 hover:text-primary',
      )}
    >
      {children}
    </button>
  );
}
