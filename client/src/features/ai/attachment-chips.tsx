import { LoaderCircle, X } from 'lucide-react';
import type { ComposerAttachment } from './attachments';
import { AttachmentIcon } from './attachment-icon';

/** The files attached to the message being written, each removable. */
export function AttachmentChips({
  attachments,
  reading,
  onRemove,
}: {
  attachments: readonly ComposerAttachment[];
  reading: boolean;
  onRemove: (id: string) => void;
}) {
  if (attachments.length === 0 && !reading) return null;
  return (
    <ul aria-label="Attachments" className="flex flex-wrap gap-1.5">
      {attachments.map((attachment) => (
        <li
          key={attachment.id}
          className="bg-muted flex max-w-full items-center gap-1.5 rounded-full border py-0.5 pr-0.5 pl-2 text-xs"
        >
          {attachment.type === 'image' ? (
            <img src={attachment.data} alt="" className="size-4 shrink-0 rounded-sm object-cover" />
          ) : (
            <AttachmentIcon type={attachment.type} />
          )}
          <span className="max-w-[12rem] truncate">{attachment.name}</span>
          <button
            type="button"
            aria-label={`Remove ${attachment.name}`}
            onClick={() => onRemove(attachment.id)}
            className="hover:bg-foreground/10 grid size-5 shrink-0 cursor-pointer place-items-center rounded-full"
          >
            <X className="size-3" aria-hidden />
          </button>
        </li>
      ))}
      {reading && (
        <li className="text-muted-foreground flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs">
          <LoaderCircle className="size-3 animate-spin" aria-hidden />
          Reading files...
        </li>
      )}
    </ul>
  );
}
