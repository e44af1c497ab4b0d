import { PROJECT_NAME_MAX, type Project } from '@kiln/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { messageOf } from '../../../lib/api-error';
import { useUpdateProject } from '../api';
import { nameProblem, renamedMessage } from './rename-messages';

/**
 * Renames a project. The server keeps names unique per owner by numbering a taken one
 * ("Todo (2)"), and the toast says so when that happened. `returnFocusTo` gives the element
 * focus goes back to on closing (the menu button the dialog was opened from).
 */
export function RenameProjectDialog({
  project,
  onClose,
  returnFocusTo,
}: {
  project: Project | null;
  onClose: () => void;
  returnFocusTo?: () => HTMLElement | null;
}) {
  return (
    <Dialog open={project !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo?.();
          if (!target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
      >
        {/* Keyed so each opening starts from the project's current name. */}
        {project && <RenameForm key={project.id} project={project} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({ project, onClose }: { project: Project; onClose: () => void }) {
  const update = useUpdateProject();
  const [name, setName] = useState(project.name);
  const [error, setError] = useState<string | undefined>(undefined);
  const inputId = useId();
  const errorId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wanted = name.trim();
    const problem = nameProblem(wanted);
    if (problem) {
      setError(problem);
      return;
    }
    if (wanted === project.name) {
      onClose();
      return;
    }
    update.mutate(
      { id: project.id, changes: { name: wanted } },
      {
        onSuccess: (renamed) => {
          toast({ ...renamedMessage(wanted, renamed.name), variant: 'success' });
          onClose();
        },
        onError: (failure) =>
          setError(messageOf(failure, 'Could not rename the project. Please try again.')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Rename project</DialogTitle>
        <DialogDescription>
          Names are unique among your projects: a name you already use gets a number.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>Project name</Label>
        <Input
          id={inputId}
          value={name}
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
          maxLength={PROJECT_NAME_MAX}
          aria-invalid={error !== undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
        <FieldError id={errorId} message={error} />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Renaming...' : 'Rename'}
        </Button>
      </DialogFooter>
    </form>
  );
}
