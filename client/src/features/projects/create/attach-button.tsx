import { ATTACHMENT_ACCEPT } from '@kiln/shared';
import { LoaderCircle, Paperclip } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';

/**
 * Opens the file picker; each chosen file is then uploaded in a request of its own. It
 * stays usable while uploading, since uploads may overlap.
 */
export function AttachButton({
  uploading,
  disabled,
  onFiles,
}: {
  uploading: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        hidden
        tabIndex={-1}
        data-testid="attachment-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so choosing the same file again still counts as a change.
          event.target.value = '';
          onFiles(files);
        }}
      />
      <Tooltip label="Images, PDF, text, Markdown, Word, JSON, CSV or zip">
        <Button
          variant="ghost"
          size="sm"
          className="px-2.5"
          disabled={disabled}
          aria-busy={uploading}
          aria-label={uploading ? 'Uploading files' : 'Attach files'}
          onClick={() => inputRef.current?.click()}
        >
          {uploading ? (
            <LoaderCircle className="animate-spin" aria-hidden />
          ) : (
            <Paperclip aria-hidden />
          )}
          <span className="hidden sm:inline">{uploading ? 'Uploading...' : 'Attach'}</span>
        </Button>
      </Tooltip>
    </>
  );
}
