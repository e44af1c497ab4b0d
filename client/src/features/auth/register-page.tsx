import { Link, useLocation } from 'wouter';
import { FormField } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { lazyValidator, useSchemaForm } from '../../lib/schema-form';
import { EmailField, PasswordField } from './account-fields';
import { AuthShell } from './auth-shell';
import { useRegisterSubmit } from './use-register-submit';

const validator = lazyValidator(() =>
  import('./form-schemas').then((module) => module.registerValidator),
);

/** The registration screen: username, confirmation, at least 8 characters (decision 0001). */
export default function RegisterPage() {
  const [, navigate] = useLocation();
  const form = useSchemaForm({
    validator,
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form;
  const { submit, isPending } = useRegisterSubmit({
    successDescription: (user) =>
      `Welcome to Kiln, ${user.username ?? user.email}! Check your inbox to verify your email.`,
    reset: () => form.reset(),
    onSuccess: () => navigate('/dashboard'),
  });

  const onSubmit = form.handleSubmit(({ confirmPassword, ...input }) => {
    if (input.password !== confirmPassword) {
      toast({
        title: "Passwords don't match",
        description: 'Please make sure your passwords match',
        variant: 'destructive',
      });
      return;
    }
    submit(input);
  });

  return (
    <AuthShell>
      <div className="mb-8 grid gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Create an account</h1>
        <p className="text-muted-foreground text-sm">Free forever for up to three projects.</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          id="register-username"
          label="Username"
          autoComplete="username"
          required
          error={errors.username}
          {...form.register('username')}
        />
        <EmailField id="register-email" error={errors.email} {...form.register('email')} />
        <PasswordField
          id="register-password"
          autoComplete="new-password"
          hint="At least 8 characters"
          error={errors.password}
          {...form.register('password')}
        />
        <PasswordField
          id="register-confirm-password"
          label="Confirm Password"
          autoComplete="new-password"
          error={errors.confirmPassword}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" disabled={isPending} className="w-full">
          {isPending ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
      <p className="text-muted-foreground mt-6 text-center text-sm">
        Already have an account?{' '}
        <Link
          href="/login"
          className="text-primary font-medium underline underline-offset-2 hover:decoration-2"
        >
          Sign in
        </Link>
      </p>
      <p className="text-muted-foreground mt-4 text-center text-xs">
        By creating an account you agree to our{' '}
        <Link href="/terms-of-service" className="underline">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link href="/privacy-policy" className="underline">
          Privacy Policy
        </Link>
        .
      </p>
    </AuthShell>
  );
}
