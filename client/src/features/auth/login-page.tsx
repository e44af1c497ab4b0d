import { zodResolver } from '@hookform/resolvers/zod';
import { LoginInputSchema, type LoginInput } from '@kiln/shared';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'wouter';
import { FormField } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { messageOf } from '../../lib/api-error';
import { AuthShell } from './auth-shell';
import { useLogin } from './mutations';
import { safeRedirect } from './safe-redirect';

/** The sign-in screen. A `redirect` query brings the user back where they were. */
export default function LoginPage() {
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const login = useLogin();
  const form = useForm<LoginInput>({
    resolver: zodResolver(LoginInputSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) => {
    login.mutate(input, {
      onSuccess: () => {
        toast({
          title: 'Welcome back!',
          description: 'Successfully logged in',
          variant: 'success',
        });
        navigate(safeRedirect(params.get('redirect')));
      },
      onError: (error) => {
        toast({
          title: 'Login failed',
          description: messageOf(error, 'Login failed'),
          variant: 'destructive',
        });
      },
    });
  });

  return (
    <AuthShell>
      <div className="mb-8 grid gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Welcome back</h1>
        <p className="text-muted-foreground text-sm">Sign in to pick up where you left off.</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <FormField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="-mt-1 text-right">
          <Link href="/reset-password" className="text-primary text-sm hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" disabled={login.isPending} className="w-full">
          {login.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <p className="text-muted-foreground mt-6 text-center text-sm">
        Don&apos;t have an account?{' '}
        <Link
          href="/register"
          className="text-primary font-medium underline underline-offset-2 hover:decoration-2"
        >
          Sign up
        </Link>
      </p>
    </AuthShell>
  );
}
