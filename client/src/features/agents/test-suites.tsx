import type { TestRun, TestSuite } from '@kiln/shared';
import { CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';
import { ResultSection } from './result-section';

/**
 * The Tester's suites: each case with its steps and expected result, and each test file Kiln ran
 * in the sandbox with how it went, the run after the Debugger's fix marked as such.
 */
export function TestSuites({
  title,
  suites,
  action,
}: {
  title: string;
  suites: readonly TestSuite[];
  action?: ReactNode;
}) {
  const cases = suites.reduce((sum, suite) => sum + suite.testCases.length, 0);
  return (
    <ResultSection
      title={title}
      note={`${cases} test case${cases === 1 ? '' : 's'}`}
      action={action}
    >
      {suites.length === 0 && <p className="text-muted-foreground">No tests were written.</p>}
      {suites.map((suite, index) => (
        <article key={index} className="grid min-w-0 gap-2 [&+&]:border-t [&+&]:pt-3">
          <p className="font-medium break-words">{suite.description}</p>
          {suite.testCases.length > 0 && (
            <ul className="grid gap-2">
              {suite.testCases.map((testCase, caseIndex) => (
                <li key={caseIndex} className="bg-muted/40 grid gap-1.5 rounded-md p-2.5">
                  <p className="flex min-w-0 flex-wrap items-center gap-2">
                    <span className="min-w-0 font-medium break-words">{testCase.name}</span>
                    {testCase.type && <Badge variant="secondary">{testCase.type}</Badge>}
                  </p>
                  {testCase.steps.length > 0 && (
                    <ol className="text-muted-foreground list-decimal space-y-0.5 pl-5 text-xs">
                      {testCase.steps.map((step, stepIndex) => (
                        <li key={stepIndex} className="break-words">
                          {step}
                        </li>
                      ))}
                    </ol>
                  )}
                  <p className="text-xs break-words">
                    <span className="text-muted-foreground">Expected: </span>
                    {testCase.expectedResult}
                  </p>
                </li>
              ))}
            </ul>
          )}
          {suite.files.length > 0 && (
            <p className="text-muted-foreground text-xs break-words">
              Test files:{' '}
              {suite.files.map((file, fileIndex) => (
                <span key={file}>
                  {fileIndex > 0 && ', '}
                  <span className="text-foreground/80 font-mono">{file}</span>
                </span>
              ))}
            </p>
          )}
          {suite.runs.length > 0 && (
            <ul aria-label="Test runs" className="grid gap-1.5">
              {suite.runs.map((run, runIndex) => (
                <TestRunRow key={runIndex} run={run} />
              ))}
            </ul>
          )}
        </article>
      ))}
    </ResultSection>
  );
}

function TestRunRow({ run }: { run: TestRun }) {
  const Icon = run.passed ? CircleCheck : CircleX;
  return (
    <li className="rounded-md border text-xs">
      <details className="group">
        <summary className="hover:bg-muted/60 flex cursor-pointer items-center gap-2 px-2.5 py-1.5">
          <Icon
            className={cn('size-4 shrink-0', run.passed ? 'text-success' : 'text-destructive')}
            aria-hidden
          />
          <span className="min-w-0 truncate font-mono">{run.path}</span>
          <span className={cn('font-medium', run.passed ? 'text-success' : 'text-destructive')}>
            {run.passed ? 'Passed' : 'Failed'}
          </span>
          {run.afterFix && <Badge variant="secondary">after the fix</Badge>}
        </summary>
        <pre
          // Focusable so long output can be scrolled from the keyboard.
          tabIndex={0}
          className="bg-muted/60 max-h-56 overflow-auto border-t p-2.5 font-mono text-xs leading-relaxed whitespace-pre-wrap"
        >
          {run.output || '(no output)'}
        </pre>
      </details>
    </li>
  );
}
