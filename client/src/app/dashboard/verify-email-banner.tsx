import { MailWarning } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { messageOf } from '../../lib/api-error';
import { useRequestVerificationEmail } from '../../features/auth';
import { useAuth } from '../../lib/session';

/** Unverified users can use everything; the dashboard just reminds them (decision 0003). */
export function VerifyEmailBanner() {
  const { user } = useAuth();
  const resend = useRequestVerificationEmail();
  if (!user || user.emailVerified) return null;
  return (
    <div
      role="status"
      className="bg-accent text-accent-foreground flex flex-wrap items-center gap-3 rounded-lg border px-4 py-3 text-sm"
    >
      <MailWarning className="size-4 shrink-0" aria-hidden />
      <span className="flex-1">
        Please verify your email address. We sent a link to <strong>{user.email}</strong>.
      </span>
      <Button
        size="sm"
        variant="outline"
        disabled={resend.isPending || resend.isSuccess}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: ({ message }) => toast({ title: 'Email sent', description: message }),
            onError: (error) =>
              toast({
                title: 'Could not send the email',
                description: messageOf(error, 'Please try again in a minute.'),
                variant: 'destructive',
              }),
          })
        }
      >
        {resend.isPending ? 'Sending...' : resend.isSuccess ? 'Link sent' : 'Resend link'}
      </Button>
    </div>
  );
}
