import type { UploadedFile } from '@kiln/shared';
import {
  FileArchive,
  FileText,
  Image as ImageIcon,
  LayoutTemplate,
  LoaderCircle,
  X,
} from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { attachmentLabel, fileCountLabel } from './attachments';

function fileIcon(file: UploadedFile) {
  if (file.isZip) return FileArchive;
  if (file.type.startsWith('image/')) return ImageIcon;
  return FileText;
}

function RemoveButton({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="-my-1 -mr-1.5 grid size-6 shrink-0 cursor-pointer place-items-center rounded-full hover:bg-foreground/10 disabled:pointer-events-none disabled:opacity-50"
    >
      <X className="size-3.5" aria-hidden />
    </button>
  );
}

/**
 * The draft's chosen quick start, its attachments and the uploads under way, each removable
 * (a zip's badge shows its file count).
 */
export function AttachmentBadges({
  files,
  uploadingNames,
  template,
  disabled,
  onRemove,
  onClearTemplate,
}: {
  files: readonly UploadedFile[];
  uploadingNames: readonly string[];
  /** The chosen quick start's label, with its template. */
  template?: string | undefined;
  disabled?: boolean;
  onRemove?: (id: string) => void;
  onClearTemplate?: () => void;
}) {
  if (files.length === 0 && uploadingNames.length === 0 && !template) return null;
  return (
    <ul aria-label="Attachments" className="flex flex-wrap gap-2">
      {template && (
        <li className="max-w-full">
          <Badge className="max-w-full gap-1.5">
            <LayoutTemplate className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate">{template}</span>
            {onClearTemplate && (
              <RemoveButton
                label={`Remove quick start ${template}`}
                disabled={disabled}
                onClick={onClearTemplate}
              />
            )}
          </Badge>
        </li>
      )}
      {files.map((file) => {
        const Icon = fileIcon(file);
        return (
          <li key={file.id} className="max-w-full">
            <Badge
              variant="secondary"
              className="text-foreground max-w-full gap-1.5"
              title={attachmentLabel(file)}
            >
              <Icon className="text-muted-foreground size-3.5 shrink-0" aria-hidden />
              <span className="max-w-[16rem] truncate">{file.name}</span>
              {file.isZip && (
                <span className="text-muted-foreground shrink-0">
                  · {fileCountLabel(file.fileCount)}
                </span>
              )}
              {onRemove && (
                <RemoveButton
                  label={`Remove ${file.name}`}
                  disabled={disabled}
                  onClick={() => onRemove(file.id)}
                />
              )}
            </Badge>
          </li>
        );
      })}
      {uploadingNames.map((name, index) => (
        <li key={`${index}-${name}`} className="max-w-full">
          <Badge variant="outline" className="text-muted-foreground max-w-full gap-1.5">
            <LoaderCircle className="size-3.5 shrink-0 animate-spin" aria-hidden />
            <span className="max-w-[16rem] truncate">{name}</span>
            <span className="sr-only">uploading</span>
          </Badge>
        </li>
      ))}
    </ul>
  );
}
