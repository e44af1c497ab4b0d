import { FileArchive, FolderUp } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';

/** Folder pickers are switched on by an attribute React's types do not know. */
const asFolderPicker = (input: HTMLInputElement | null) =>
  input?.setAttribute('webkitdirectory', '');

/**
 * Import a zip or a folder straight into a new project, with or without an AI provider. Each
 * button opens its own picker; the inputs are cleared after a choice so the same one can be
 * picked again after a failure.
 */
export function ImportButtons({
  disabled,
  onZip,
  onFolder,
}: {
  disabled?: boolean;
  onZip: (file: File) => void;
  onFolder: (files: File[]) => void;
}) {
  const zipInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={zipInput}
        type="file"
        accept=".zip,application/zip"
        hidden
        tabIndex={-1}
        data-testid="import-zip-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onZip(file);
        }}
      />
      <input
        ref={(node) => {
          folderInput.current = node;
          asFolderPicker(node);
        }}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        data-testid="import-folder-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFolder(files);
        }}
      />
      <Button
        variant="ghost"
        size="sm"
        className="text-muted-foreground hover:text-foreground"
        disabled={disabled}
        onClick={() => zipInput.current?.click()}
      >
        <FileArchive aria-hidden /> Import a zip
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-muted-foreground hover:text-foreground"
        disabled={disabled}
        onClick={() => folderInput.current?.click()}
      >
        <FolderUp aria-hidden /> Import a folder
      </Button>
    </>
  );
}
