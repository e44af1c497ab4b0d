import type { DebugReport as DebugReportData } from '@kiln/shared';
import { Badge } from '../../components/ui/badge';
import { CodeBlock } from '../../components/code-block';
import { ResultSection } from './result-section';

/** The Debugger's report: what went wrong, why, and the fixes it proposes with their code. */
export function DebugReport({ report }: { report: DebugReportData }) {
  return (
    <ResultSection title="Debug">
      <p className="flex min-w-0 flex-wrap items-center gap-2">
        <span className="text-muted-foreground text-xs">Error type</span>
        <Badge variant="outline" className="font-mono">
          {report.errorType}
        </Badge>
      </p>
      <div className="grid gap-1">
        <h4 className="text-muted-foreground text-xs font-medium">Root cause</h4>
        <p className="leading-relaxed break-words">{report.rootCause}</p>
      </div>
      {report.suggestedFixes.length > 0 && (
        <div className="grid gap-1">
          <h4 className="text-muted-foreground text-xs font-medium">Suggested fixes</h4>
          <ol className="grid gap-2">
            {report.suggestedFixes.map((fix, index) => (
              <li key={index} className="min-w-0">
                <p className="break-words">{fix.description}</p>
                {fix.code && (
                  <CodeBlock>
                    <code>{fix.code}</code>
                  </CodeBlock>
                )}
              </li>
            ))}
          </ol>
        </div>
      )}
    </ResultSection>
  );
}
