import { MailCheck } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { FormField } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { messageOf } from '../../lib/api-error';
import { lazyValidator, useSchemaForm } from '../../lib/schema-form';
import { useConfirmPasswordReset, useRequestPasswordReset } from './password-reset-mutations';
import { AuthShell } from './auth-shell';
import { StatusBlock } from './status-block';

/** /reset-password: ask for a link by email, or, with `?token=`, choose the new password. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return <AuthShell>{token ? <ChooseNewPassword token={token} /> : <RequestLink />}</AuthShell>;
}

const requestValidator = lazyValidator(() =>
  import('./form-schemas').then((module) => module.resetRequestValidator),
);

function RequestLink() {
  const request = useRequestPasswordReset();
  const form = useSchemaForm({
    validator: requestValidator,
    defaultValues: { email: '' },
  });
  if (request.isSuccess) {
    return (
      <StatusBlock
        icon={<MailCheck className="text-primary size-12" aria-hidden />}
        title="Check your email"
        text={request.data.message}
      >
        <Button asChild variant="outline">
          <Link href="/login">Back to sign in</Link>
        </Button>
      </StatusBlock>
    );
  }
  const onSubmit = form.handleSubmit(({ email }) =>
    request.mutate(email, {
      onError: (error) =>
        toast({
          title: 'Could not send the link',
          description: messageOf(error, 'Please try again in a minute.'),
          variant: 'destructive',
        }),
    }),
  );
  return (
    <>
      <div className="mb-8 grid gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Reset your password</h1>
        <p className="text-muted-foreground text-sm">
          Enter your account&apos;s email and we&apos;ll send you a link to choose a new password.
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          id="reset-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={form.errors.email}
          {...form.register('email')}
        />
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
      <p className="text-muted-foreground mt-6 text-center text-sm">
        Remembered it?{' '}
        <Link
          href="/login"
          className="text-primary font-medium underline underline-offset-2 hover:decoration-2"
        >
          Sign in
        </Link>
      </p>
    </>
  );
}

const newPasswordValidator = lazyValidator(() =>
  import('./form-schemas').then((module) => module.newPasswordValidator),
);

function ChooseNewPassword({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const confirm = useConfirmPasswordReset();
  const form = useSchemaForm({
    validator: newPasswordValidator,
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form;
  const onSubmit = form.handleSubmit(({ password, confirmPassword }) => {
    if (password !== confirmPassword) {
      toast({
        title: "Passwords don't match",
        description: 'Please make sure your passwords match',
        variant: 'destructive',
      });
      return;
    }
    confirm.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast({
            title: 'Password changed',
            description: 'You are signed in, and signed out everywhere else.',
            variant: 'success',
          });
          navigate('/dashboard');
        },
        onError: (error) =>
          toast({
            title: 'Password reset failed',
            description: messageOf(error, 'This link is not valid. Request a new one.'),
            variant: 'destructive',
          }),
      },
    );
  });
  return (
    <>
      <div className="mb-8 grid gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Choose a new password</h1>
        <p className="text-muted-foreground text-sm">At least 8 characters.</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          id="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password}
          {...form.register('password')}
        />
        <FormField
          id="confirm-new-password"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
      {confirm.isError && (
        <p className="text-muted-foreground mt-6 text-center text-sm">
          Link expired or used?{' '}
          <Link
            href="/reset-password"
            className="text-primary font-medium underline underline-offset-2 hover:decoration-2"
          >
            Request a new one
          </Link>
        </p>
      )}
    </>
  );
}
