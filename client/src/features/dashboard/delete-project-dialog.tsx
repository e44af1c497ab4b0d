import type { Project } from '@kiln/shared';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { useDeleteProject } from '../projects/api';

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
    <Dialog open={project !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete project?</DialogTitle>
          <DialogDescription>
            <strong className="text-foreground">{project?.name}</strong> and all of its files will
            be deleted. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
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
          >
            {remove.isPending ? 'Deleting...' : 'Delete Project'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
