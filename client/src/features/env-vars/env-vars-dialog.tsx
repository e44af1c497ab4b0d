import { ENV_VAR_REQUIRED_MESSAGE } from '@kiln/shared';
import { Download, Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { FieldError, Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { messageOf } from '../../lib/api-error';
import { useDeleteEnvVar, useEnvVars, useSetEnvVar } from './api';
import { parseDotenv, toDotenv } from './dotenv';
import { EnvVarRow } from './env-var-row';

/**
 * The project's environment variables: list, add (an existing key gets the new value), delete,
 * reveal and copy a value, import a `.env` file and export one. Runs started from the editor
 * see them; the AI assistant never does.
 */
export function EnvVarsDialog({
  projectId,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (the control that opened it). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const variables = useEnvVars(projectId, open);
  const save = useSetEnvVar(projectId);
  const remove = useDeleteEnvVar(projectId);
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [importing, setImporting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const keyId = useId();
  const valueId = useId();

  const add = (event: FormEvent) => {
    event.preventDefault();
    const input = { key: key.trim(), value: value.trim() };
    if (!input.key || !input.value) {
      setError(ENV_VAR_REQUIRED_MESSAGE);
      return;
    }
    setError(undefined);
    save.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Environment variable created', variant: 'success' });
        setKey('');
        setValue('');
      },
      onError: (failure) => {
        setError(messageOf(failure, 'Failed to create environment variable.'));
        toast({ title: 'Failed to create environment variable.', variant: 'destructive' });
      },
    });
  };

  const importFile = async (file: File) => {
    const { entries, skippedLines } = parseDotenv(await file.text());
    setImporting(true);
    let saved = 0;
    const failed: string[] = [];
    for (const entry of entries) {
      if (!entry.value.trim()) {
        failed.push(entry.key);
        continue;
      }
      try {
        await save.mutateAsync(entry);
        saved += 1;
      } catch {
        failed.push(entry.key);
      }
    }
    setImporting(false);
    const problems = [
      failed.length > 0 ? `not imported: ${failed.join(', ')}` : '',
      skippedLines.length > 0 ? `unreadable lines: ${skippedLines.join(', ')}` : '',
    ].filter(Boolean);
    toast({
      title: `Imported ${saved} variable${saved === 1 ? '' : 's'} from ${file.name}`,
      ...(problems.length > 0 ? { description: problems.join('; ') } : {}),
      variant: problems.length > 0 ? 'destructive' : 'success',
    });
  };

  const exportFile = () => {
    const text = toDotenv((variables.data ?? []).map(({ key, value }) => ({ key, value })));
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = '.env';
    link.click();
    URL.revokeObjectURL(url);
  };

  const list = variables.data ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Environment Variables</DialogTitle>
          <DialogDescription>
            Given to the programs you run from the editor. Values are stored encrypted and are never
            sent to the AI assistant.
          </DialogDescription>
        </DialogHeader>

        <form onSubmit={add} className="grid gap-3" noValidate>
          <div className="grid grid-cols-2 gap-2">
            <div className="grid gap-1.5">
              <Label htmlFor={keyId}>Key</Label>
              <Input
                id={keyId}
                value={key}
                placeholder="API_KEY"
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => setKey(event.target.value)}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={valueId}>Value</Label>
              <Input
                id={valueId}
                type="password"
                value={value}
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => setValue(event.target.value)}
              />
            </div>
          </div>
          <FieldError id={errorId} message={error} />
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" disabled={save.isPending || importing}>
              {save.isPending && !importing ? 'Adding...' : 'Add Variable'}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={importing}
              onClick={() => fileInput.current?.click()}
            >
              <Upload aria-hidden /> {importing ? 'Importing...' : 'Import .env'}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={list.length === 0}
              onClick={exportFile}
            >
              <Download aria-hidden /> Export .env
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".env,text/plain"
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void importFile(file);
              }}
            />
          </div>
        </form>

        {variables.isPending ? (
          <p className="text-muted-foreground text-sm">Loading variables...</p>
        ) : variables.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {messageOf(variables.error, 'Failed to load environment variables.')}
          </p>
        ) : list.length === 0 ? (
          <p className="text-muted-foreground text-sm">No environment variables yet.</p>
        ) : (
          <ul
            aria-label="Environment variables"
            className="grid max-h-72 min-w-0 gap-2 overflow-y-auto"
          >
            {list.map((variable) => (
              <EnvVarRow
                key={variable.id}
                variable={variable}
                deleting={remove.isPending && remove.variables === variable.id}
                onDelete={() =>
                  remove.mutate(variable.id, {
                    onSuccess: () =>
                      toast({ title: 'Environment variable deleted', variant: 'success' }),
                    onError: () =>
                      toast({
                        title: 'Failed to delete environment variable.',
                        variant: 'destructive',
                      }),
                  })
                }
              />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
