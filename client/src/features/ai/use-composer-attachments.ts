import { useRef, useState } from 'react';
import { toast } from '../../components/ui/toast-store';
import {
  attachmentKind,
  attachmentMimeType,
  checkAttachments,
  type ComposerAttachment,
} from './attachments';
import { readDataUrl } from './read-data-url';

/**
 * The files attached to the message being written: checked as they are chosen
 * (each problem told in a toast), then read into data URLs in the browser.
 */
export function useComposerAttachments() {
  const [attachments, setAttachments] = useState<ComposerAttachment[]>([]);
  const [reading, setReading] = useState(0);
  const nextId = useRef(0);
  // Counted as soon as chosen, so two quick picks cannot pass the limit between them.
  const claimed = useRef(0);

  const add = async (files: readonly File[]) => {
    const { accepted, problems } = checkAttachments(files, claimed.current);
    for (const problem of problems) {
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
    }
    if (accepted.length === 0) return;
    claimed.current += accepted.length;
    setReading((count) => count + accepted.length);
    const results = await Promise.allSettled(
      accepted.map(async (file): Promise<ComposerAttachment> => {
        const mimeType = attachmentMimeType(file);
        return {
          id: String(nextId.current++),
          type: attachmentKind(mimeType),
          name: file.name,
          mimeType,
          data: await readDataUrl(file),
        };
      }),
    );
    setReading((count) => count - accepted.length);
    const read = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    claimed.current -= accepted.length - read.length;
    setAttachments((current) => [...current, ...read]);
    const unreadable = accepted.filter((_file, index) => results[index]?.status === 'rejected');
    for (const file of unreadable) {
      toast({
        title: 'Attachment failed',
        description: `${file.name} could not be read.`,
        variant: 'destructive',
      });
    }
  };

  const remove = (id: string) => {
    setAttachments((current) => current.filter((attachment) => attachment.id !== id));
    claimed.current -= 1;
  };

  const clear = () => {
    setAttachments([]);
    claimed.current = 0;
  };

  return { attachments, reading: reading > 0, add, remove, clear };
}
