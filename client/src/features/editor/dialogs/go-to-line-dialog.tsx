import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { parseLineNumber } from './go-to-line';

export interface GoToLineDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Lines in the open file. */
  lineCount: number;
  onGo: (line: number) => void;
  /** Where focus goes when the dialog closes (use-focus-return.ts). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Go to line (Cmd/Ctrl+G), clamped to the file's last line. */
export function GoToLineDialog({
  open,
  onOpenChange,
  lineCount,
  onGo,
  onCloseAutoFocus,
}: GoToLineDialogProps) {
  const lastLine = Math.max(1, lineCount);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="top-[12vh] max-w-sm translate-y-0"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle>Go to line</DialogTitle>
          <DialogDescription>
            {lastLine === 1
              ? 'This file has a single line.'
              : `Enter a line number from 1 to ${lastLine}.`}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts with an empty field. */}
        <GoToLineForm
          lineCount={lastLine}
          onCancel={() => onOpenChange(false)}
          onGo={(line) => {
            onGo(line);
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function GoToLineForm({
  lineCount,
  onCancel,
  onGo,
}: {
  lineCount: number;
  onCancel: () => void;
  onGo: (line: number) => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const inputId = useId();
  const errorId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseLineNumber(value, lineCount);
    if (parsed.error !== undefined) setError(parsed.error);
    else onGo(parsed.line);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={inputId}>Line number</Label>
        <Input
          id={inputId}
          inputMode="numeric"
          autoComplete="off"
          placeholder={`1–${lineCount}`}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
          className="font-mono tabular-nums"
        />
        <FieldError id={errorId} message={error} />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Go</Button>
      </div>
    </form>
  );
}
