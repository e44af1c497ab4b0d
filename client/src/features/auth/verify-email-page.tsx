import { CheckCircle2, Loader2, MailCheck, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'wouter';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { messageOf } from '../../lib/api-error';
import { useConfirmEmail, useRequestVerificationEmail } from './email-verification-mutations';
import { AuthShell } from './auth-shell';
import { StatusBlock } from './status-block';
import { useAuth } from '../../lib/session';

/** /verify-email: confirms the emailed link, or lets a signed-in user ask for a new one. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <AuthShell>
      <div className="grid gap-6 text-center">
        {token ? <ConfirmLink token={token} /> : <VerificationStatus />}
      </div>
    </AuthShell>
  );
}

function ConfirmLink({ token }: { token: string }) {
  const confirm = useConfirmEmail();
  const started = useRef(false);
  useEffect(() => {
    // A link is single-use: confirm it once even when effects run twice in development.
    if (started.current) return;
    started.current = true;
    confirm.mutate(token);
  }, [confirm, token]);

  if (confirm.isError) {
    return (
      <StatusBlock
        icon={<XCircle className="text-destructive size-12" aria-hidden />}
        title="We couldn't verify your email"
        text={messageOf(confirm.error, 'This link is not valid. Request a new one.')}
      >
        <ResendButton />
      </StatusBlock>
    );
  }
  if (confirm.isSuccess) {
    return (
      <StatusBlock
        icon={<CheckCircle2 className="text-success size-12" aria-hidden />}
        title="Email verified"
        text={`Thanks! ${confirm.data.user.email} is confirmed.`}
      >
        <Button asChild>
          <Link href="/dashboard">Go to dashboard</Link>
        </Button>
      </StatusBlock>
    );
  }
  return (
    <StatusBlock
      icon={<Loader2 className="text-primary size-12 animate-spin" aria-hidden />}
      title="Verifying your email..."
      text="This takes a moment."
    />
  );
}

function VerificationStatus() {
  const { user, isLoading } = useAuth();
  if (isLoading) return null;
  if (!user) {
    return (
      <StatusBlock
        icon={<MailCheck className="text-primary size-12" aria-hidden />}
        title="Verify your email"
        text="Open the link we emailed you. To get a new link, sign in first."
      >
        <Button asChild>
          <Link href="/login?redirect=/verify-email">Sign in</Link>
        </Button>
      </StatusBlock>
    );
  }
  if (user.emailVerified) {
    return (
      <StatusBlock
        icon={<CheckCircle2 className="text-success size-12" aria-hidden />}
        title="Your email is verified"
        text={`${user.email} is confirmed. You're all set.`}
      >
        <Button asChild>
          <Link href="/dashboard">Go to dashboard</Link>
        </Button>
      </StatusBlock>
    );
  }
  return (
    <StatusBlock
      icon={<MailCheck className="text-primary size-12" aria-hidden />}
      title="Check your inbox"
      text={`We sent a verification link to ${user.email}. It expires after 24 hours.`}
    >
      <ResendButton />
    </StatusBlock>
  );
}

function ResendButton() {
  const { user } = useAuth();
  const resend = useRequestVerificationEmail();
  if (!user) {
    return (
      <Button asChild variant="outline">
        <Link href="/login?redirect=/verify-email">Sign in to get a new link</Link>
      </Button>
    );
  }
  if (user.emailVerified) {
    return (
      <Button asChild>
        <Link href="/dashboard">Go to dashboard</Link>
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      disabled={resend.isPending}
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
      {resend.isPending ? 'Sending...' : 'Send a new link'}
    </Button>
  );
}
