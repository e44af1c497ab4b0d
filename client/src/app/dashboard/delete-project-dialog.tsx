import type { Project } from '@kiln/shared';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast-store';
import { useDeleteProject } from '../../features/projects';

/** Deleting removes every file of the project, so it is confirmed first. */
export function DeleteProjectDialog({
  project,
  onClose,
}: {
  project: Project | null;
  onClose: () => void;
}) {
  const remove = useDeleteProject();
  return (
    <ConfirmDialog
      open={project !== null}
      onClose={onClose}
      title="Delete project?"
      description={
        <>
          <strong className="text-foreground">{project?.name}</strong> and all of its files will be
          deleted. This cannot be undone.
        </>
      }
      confirmLabel="Delete Project"
      pendingLabel="Deleting..."
      isPending={remove.isPending}
      onConfirm={() =>
        project &&
        remove.mutate(project.id, {
          onSuccess: () => {
            toast({ title: 'Project deleted', variant: 'success' });
            onClose();
          },
          onError: () =>
            toast({
              title: 'Failed to delete project. Please try again.',
              variant: 'destructive',
            }),
        })
      }
    />
  );
}
