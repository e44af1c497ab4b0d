import { FilePathSchema } from '@kiln/shared';
import { File, Folder } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { FieldError, Input, Label } from '../../components/ui/input';
import { cn } from '../../lib/cn';

/** The path problem, in the server's own words, before a request is sent. */
function pathProblem(path: string): string | undefined {
  const result = FilePathSchema.safeParse(path);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** New file or folder: a type choice, a required name, and where it will be created. */
export function CreateFileDialog({
  parentPath,
  initialKind = 'file',
  pending,
  onCancel,
  onCreate,
  onCloseAutoFocus,
}: {
  /** '' for the root; null when the dialog is closed. */
  parentPath: string | null;
  initialKind?: 'file' | 'folder';
  pending: boolean;
  onCancel: () => void;
  onCreate: (path: string, isDirectory: boolean) => void;
  /** Where focus goes when the dialog closes (use-focus-return.ts). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [kind, setKind] = useState(initialKind);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const open = parentPath !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('A name is required');
    const path = parentPath ? `${parentPath}/${trimmed}` : trimmed;
    const problem = pathProblem(path);
    if (problem) return setError(problem);
    onCreate(path, kind === 'folder');
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setName('');
          setError(undefined);
          onCancel();
        }
      }}
    >
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Create New File/Folder</DialogTitle>
          <DialogDescription>
            {parentPath ? `Creating in ${parentPath}` : 'Creating in root directory'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-label="Type">
            {(
              [
                ['file', 'File', File],
                ['folder', 'Folder', Folder],
              ] as const
            ).map(([value, label, Icon]) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={kind === value}
                onClick={() => setKind(value)}
                className={cn(
                  'flex items-center justify-center gap-2 rounded-md border p-2 text-sm',
                  kind === value
                    ? 'border-primary bg-accent text-accent-foreground'
                    : 'hover:bg-muted',
                )}
              >
                <Icon className="size-4" aria-hidden /> {label}
              </button>
            ))}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="new-file-name">Name</Label>
            <Input
              id="new-file-name"
              autoFocus
              value={name}
              placeholder={kind === 'file' ? 'e.g. utils.js' : 'e.g. components'}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'new-file-error' : undefined}
              onChange={(event) => {
                setName(event.target.value);
                setError(undefined);
              }}
            />
            <FieldError id="new-file-error" message={error} />
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Creating...' : 'Create'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Rename: submit only when the trimmed name is non-empty and differs. */
export function RenameDialog({
  path,
  pending,
  onCancel,
  onRename,
  onCloseAutoFocus,
}: {
  path: string | null;
  pending: boolean;
  onCancel: () => void;
  onRename: (newPath: string) => void;
  /** Where focus goes when the dialog closes (use-focus-return.ts). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const currentName = path?.slice(path.lastIndexOf('/') + 1) ?? '';
  const [name, setName] = useState(currentName);
  const [error, setError] = useState<string>();
  const trimmed = name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!path || !trimmed || trimmed === currentName) return;
    const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    const next = parent ? `${parent}/${trimmed}` : trimmed;
    const problem = pathProblem(next);
    if (problem) return setError(problem);
    onRename(next);
  };
  return (
    <Dialog open={path !== null} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Rename File</DialogTitle>
          <DialogDescription>Enter a new name for the file or folder.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="rename-input">New name</Label>
            <Input
              id="rename-input"
              autoFocus
              value={name}
              aria-invalid={error ? true : undefined}
              onChange={(event) => {
                setName(event.target.value);
                setError(undefined);
              }}
            />
            <FieldError id="rename-error" message={error} />
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending || !trimmed || trimmed === currentName}>
              {pending ? 'Renaming...' : 'Rename'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function DeleteFileDialog({
  target,
  pending,
  onCancel,
  onDelete,
  onCloseAutoFocus,
}: {
  target: { path: string; isDirectory: boolean } | null;
  pending: boolean;
  onCancel: () => void;
  onDelete: () => void;
  /** Where focus goes when the dialog closes (use-focus-return.ts). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Delete {target?.isDirectory ? 'folder' : 'file'}?</DialogTitle>
          <DialogDescription>
            <strong className="text-foreground">{target?.path}</strong>
            {target?.isDirectory ? ' and everything in it' : ''} will be deleted. This cannot be
            undone.
          </DialogDescription>
        </DialogHeader>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={pending} onClick={onDelete}>
            {pending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
