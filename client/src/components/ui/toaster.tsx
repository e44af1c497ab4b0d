import { CheckCircle2, X, XCircle } from 'lucide-react';
import { Toast } from 'radix-ui';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD } from '@kiln/shared';
import { cn } from '../../lib/cn';
import { dismissToast, useToasts, type ToastVariant } from './toast-store';

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: 'bg-card text-card-foreground border',
  success: 'bg-card text-card-foreground border border-success/40',
  destructive: 'bg-destructive text-destructive-foreground border-destructive',
};

/** Toasts: 5000 ms, swipe right past 50 px, F8 focuses the area, 420 px wide from md. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
    >
      {toasts.map((item) => {
        const variant = item.variant ?? 'default';
        return (
          <Toast.Root
            key={item.id}
            open={item.open}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
            type={variant === 'destructive' ? 'foreground' : 'background'}
            data-variant={variant}
            data-testid="toast"
            className={cn(
              'group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg p-4 pr-8 shadow-lg',
              'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=cancel]:transition-transform',
              'data-[state=closed]:opacity-0 data-[state=open]:animate-in',
              VARIANT_CLASSES[variant],
            )}
          >
            {variant === 'success' && (
              <CheckCircle2 className="text-success mt-0.5 size-5 shrink-0" />
            )}
            {variant === 'destructive' && <XCircle className="mt-0.5 size-5 shrink-0" />}
            <div className="grid gap-1">
              <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
              {item.description && (
                <Toast.Description className="text-sm opacity-90">
                  {item.description}
                </Toast.Description>
              )}
            </div>
            <Toast.Close
              aria-label="Dismiss notification"
              className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100"
            >
              <X className="size-4" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport
        hotkey={[TOAST_HOTKEY]}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
