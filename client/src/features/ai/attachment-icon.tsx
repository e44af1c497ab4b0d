import { FileText, Image as ImageIcon } from 'lucide-react';

/** An image or a document, as the chips and the sent messages show it. */
export function AttachmentIcon({ type }: { type: 'image' | 'document' }) {
  const Icon = type === 'image' ? ImageIcon : FileText;
  return <Icon className="text-muted-foreground size-3.5 shrink-0" aria-hidden />;
}
