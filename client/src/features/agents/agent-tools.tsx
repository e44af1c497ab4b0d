import type { AgentFile } from '@kiln/shared';
import { FlaskConical, LoaderCircle, ScanSearch, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { messageOf } from '../../lib/api-error';
import { useGenerateTests } from './api/generate-tests';
import { useReviewFiles } from './api/review-files';
import { ReviewFindings } from './review-findings';
import { TestSuites } from './test-suites';

function DismissButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="text-muted-foreground -my-1 -mr-1.5 size-6"
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <X aria-hidden />
    </Button>
  );
}

/**
 * The Reviewer and the Tester on their own, on the open files (and unsaved edits): Review open
 * files lists findings, Generate tests writes test cases for the request typed above, if any.
 */
export function AgentTools({
  projectId,
  request,
  disabled,
  getContextFiles,
  onOpenFileAt,
}: {
  projectId: string;
  request: string;
  disabled: boolean;
  getContextFiles: () => AgentFile[];
  onOpenFileAt: (path: string, line: number) => void;
}) {
  const review = useReviewFiles();
  const tests = useGenerateTests();

  /** The files to send, or null after saying there are none. */
  const filesOrNotice = (title: string): AgentFile[] | null => {
    const files = getContextFiles();
    if (files.length > 0) return files;
    toast({ title, description: 'Open some files first', variant: 'destructive' });
    return null;
  };

  const runReview = () => {
    const files = filesOrNotice('No files to review');
    if (!files) return;
    review.mutate(
      { projectId, files },
      {
        onError: (error) =>
          toast({
            title: 'Review failed',
            description: messageOf(error, 'Failed to review the code'),
            variant: 'destructive',
          }),
      },
    );
  };

  const runTests = () => {
    const files = filesOrNotice('No files to test');
    if (!files) return;
    tests.mutate(
      { projectId, userRequest: request.trim(), files },
      {
        onError: (error) =>
          toast({
            title: 'Test generation failed',
            description: messageOf(error, 'Failed to generate tests'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled || review.isPending}
          onClick={runReview}
        >
          {review.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden />
          ) : (
            <ScanSearch aria-hidden />
          )}
          {review.isPending ? 'Reviewing...' : 'Review open files'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled || tests.isPending}
          onClick={runTests}
        >
          {tests.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden />
          ) : (
            <FlaskConical aria-hidden />
          )}
          {tests.isPending ? 'Writing tests...' : 'Generate tests'}
        </Button>
      </div>
      {review.data && (
        <ReviewFindings
          title="Review of open files"
          findings={review.data}
          onOpenFileAt={onOpenFileAt}
          action={<DismissButton label="Dismiss the review" onClick={review.reset} />}
        />
      )}
      {tests.data && (
        <TestSuites
          title="Generated tests"
          suites={tests.data}
          action={<DismissButton label="Dismiss the tests" onClick={tests.reset} />}
        />
      )}
    </>
  );
}
