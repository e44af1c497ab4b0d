import { Users } from 'lucide-react';
import { useState } from 'react';
import { ExplainedButton } from '../../components/ui/explained-button';
import { useProjectMembers } from './api';
import { ShareDialog } from './share-dialog';

/** The editor header's Share button, with how many people are in the project, and its dialog. */
export function ShareButton({
  projectId,
  projectName,
}: {
  projectId: string;
  projectName: string;
}) {
  const [open, setOpen] = useState(false);
  const members = useProjectMembers(projectId);
  const count = members.data?.members.length ?? 1;
  return (
    <>
      <ExplainedButton
        variant="ghost"
        size="sm"
        aria-label={count > 1 ? `Share (${count} people)` : 'Share'}
        reason="Share: invite people to edit or view this project"
        onClick={() => setOpen(true)}
        className="max-md:size-9 max-md:px-0"
      >
        <Users aria-hidden />
        <span className="sr-only md:not-sr-only">Share</span>
        {count > 1 && (
          <span className="text-muted-foreground text-xs tabular-nums max-md:sr-only">{count}</span>
        )}
      </ExplainedButton>
      <ShareDialog
        projectId={projectId}
        projectName={projectName}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}
