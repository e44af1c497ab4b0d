import type { Dialog as DialogPrimitive } from 'radix-ui';
import { lazy, type ComponentProps, type HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { loadWhenOpened } from '../load-when-opened';

// Radix's dialog (dialog-parts.tsx), with its focus trap and scroll lock, loads the first time a
// dialog opens: no page downloads it on its first visit for a dialog nobody has opened yet
// (bench/page-weight). Every dialog here is controlled by its `open`.
const loadParts = () => import('./dialog-parts');

export const Dialog = loadWhenOpened(
  () => loadParts().then((parts) => parts.DialogRoot),
  (props: ComponentProps<typeof DialogPrimitive.Root>) => props.open !== false,
);
export const DialogContent = lazy(() =>
  loadParts().then((parts) => ({ default: parts.DialogContent })),
);
export const DialogTitle = lazy(() =>
  loadParts().then((parts) => ({ default: parts.DialogTitle })),
);
export const DialogDescription = lazy(() =>
  loadParts().then((parts) => ({ default: parts.DialogDescription })),
);

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6', className)} {...props} />;
}

/** The dialog's buttons: stacked, main action on top, on phones; in a row at the end above. */
export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}
