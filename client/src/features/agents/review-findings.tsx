import type { ReviewFinding } from '@kiln/shared';
import type { ReactNode } from 'react';
import { ResultSection } from './result-section';
import { SeverityBadge } from './severity-badge';

/** A path as the project names it: models sometimes write './index.html' or '/index.html'. */
export const projectPath = (path: string) => path.replace(/^(\.\/|\/)+/, '');

/**
 * The Reviewer's findings, worst first as the model listed them. Each opens its file at its line
 * in the editor.
 */
export function ReviewFindings({
  title,
  findings,
  onOpenFileAt,
  action,
}: {
  title: string;
  findings: readonly ReviewFinding[];
  onOpenFileAt: (path: string, line: number) => void;
  action?: ReactNode;
}) {
  return (
    <ResultSection title={title} note={`${findings.length} found`} action={action}>
      {findings.length === 0 ? (
        <p className="text-muted-foreground">No problems found.</p>
      ) : (
        <ul className="-m-1.5 grid gap-1">
          {findings.map((finding, index) => {
            const path = projectPath(finding.file);
            return (
              <li key={index}>
                <button
                  type="button"
                  onClick={() => onOpenFileAt(path, finding.line)}
                  title={`Open ${path} at line ${finding.line}`}
                  className="hover:bg-muted/70 grid w-full cursor-pointer gap-1 rounded-md p-1.5 text-left"
                >
                  <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                    <SeverityBadge severity={finding.severity} />
                    <span className="text-muted-foreground text-xs">{finding.category}</span>
                    <span className="text-foreground/80 ml-auto min-w-0 truncate font-mono text-xs">
                      {path}:{finding.line}
                    </span>
                  </span>
                  <span className="break-words">{finding.message}</span>
                  {finding.suggestion && (
                    <span className="text-muted-foreground text-xs break-words">
                      Suggestion: {finding.suggestion}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </ResultSection>
  );
}
