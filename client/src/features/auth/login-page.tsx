import { Link, useLocation, useSearchParams } from 'wouter';
import { AuthShell } from './auth-shell';
import { LoginForm, type LoginFormTexts } from './login-form';
import { safeRedirect } from './safe-redirect';

const SCREEN_TEXTS: LoginFormTexts = {
  successDescription: 'Successfully logged in',
  failureFallback: 'Login failed',
  submitLabel: 'Sign in',
  pendingLabel: 'Signing in...',
};

/** The sign-in screen. A `redirect` query brings the user back where they were. */
export default function LoginPage() {
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  return (
    <AuthShell>
      <div className="mb-8 grid gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Welcome back</h1>
        <p className="text-muted-foreground text-sm">Sign in to pick up where you left off.</p>
      </div>
      <LoginForm
        idPrefix="login"
        texts={SCREEN_TEXTS}
        onSuccess={() => navigate(safeRedirect(params.get('redirect')))}
        beforeSubmit={
          <div className="-mt-1 text-right">
            <Link href="/reset-password" className="text-primary text-sm hover:underline">
              Forgot password?
            </Link>
          </div>
        }
      />
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
