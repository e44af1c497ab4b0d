import type { MessageAttachment } from './agent-turn';
import { AttachmentIcon } from './attachment-icon';
import { MessageText } from '../../components/message-text';

/** What the person asked, with the names of the files they attached. */
export function UserMessage({
  content,
  attachments,
}: {
  content: string;
  attachments: readonly MessageAttachment[];
}) {
  return (
    <li className="bg-primary/10 border-primary/25 ml-auto grid max-w-[90%] min-w-0 grid-cols-1 gap-2 rounded-2xl rounded-br-md border px-3.5 py-2.5">
      <h3 className="sr-only">You</h3>
      {content && <MessageText text={content} keepLineBreaks />}
      {attachments.length > 0 && (
        <ul aria-label="Attached files" className="flex flex-wrap gap-1.5">
          {attachments.map((attachment, index) => (
            <li
              key={`${index}:${attachment.name}`}
              className="bg-background/70 flex max-w-full items-center gap-1 rounded-md border px-1.5 py-0.5 text-xs"
            >
              <AttachmentIcon type={attachment.type} />
              <span className="truncate">{attachment.name}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
