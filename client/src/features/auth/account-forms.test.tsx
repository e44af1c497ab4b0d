// @vitest-environment happy-dom
// The account forms where people meet them: the one LoginForm on the sign-in screen and in the
// landing page's dialog, and the two registration forms' shared submission (useRegisterSubmit).
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthDialog } from './auth-dialog';
import {
  expectToast,
  fillAndSubmit,
  heldAnswer,
  kilnRefusal,
  proxyPage,
  renderAt,
  resetAuthHarness,
  signedIn,
  stubAuthApi,
  valueOf,
} from './auth-form-harness';
import LoginPage from './login-page';
import RegisterPage from './register-page';
import ResetPasswordPage from './reset-password-page';

afterEach(resetAuthHarness);

/** Renders the landing page's dialog, once its code (loaded when it opens) has arrived. */
async function renderDialog(tab: 'login' | 'register') {
  const history = renderAt(
    '/',
    <AuthDialog open tab={tab} onOpenChange={() => {}} onTabChange={() => {}} />,
  );
  await screen.findByRole('dialog');
  return history;
}

/** The one LoginForm in its two places, with the words and ids each must keep. */
const USES = [
  {
    place: 'the sign-in screen',
    render: async () => renderAt('/login?redirect=/editor/p1', <LoginPage />),
    idPrefix: 'login',
    submit: 'Sign in',
    pending: 'Signing in...',
    welcome: 'Successfully logged in',
    fallback: 'Login failed',
    destination: '/editor/p1',
    passwordResetLink: '/reset-password',
  },
  {
    place: 'the landing page dialog',
    render: () => renderDialog('login'),
    idPrefix: 'dialog-login',
    submit: 'Login',
    pending: 'Logging in...',
    welcome: "You've been successfully logged in",
    fallback: 'Invalid email or password',
    destination: '/dashboard',
    passwordResetLink: undefined,
  },
];

const CREDENTIALS = { Email: 'ada@example.com', Password: 'secret-password' };

describe.each(USES)('the login form on $place', (use) => {
  it('names its fields by its prefix, and links a forgotten password on the screen only', async () => {
    stubAuthApi(signedIn);
    await use.render();
    expect(screen.getByLabelText('Email').id).toBe(`${use.idPrefix}-email`);
    expect(screen.getByLabelText('Password').id).toBe(`${use.idPrefix}-password`);
    const forgotten = screen.queryByRole('link', { name: 'Forgot password?' });
    expect(forgotten?.getAttribute('href')).toBe(use.passwordResetLink);
  });

  it('signs in, welcomes, empties its fields and moves on', async () => {
    const { answer, release } = heldAnswer();
    const sent = stubAuthApi(answer);
    const history = await use.render();
    fillAndSubmit(CREDENTIALS, use.submit);
    const waiting = await screen.findByRole('button', { name: use.pending });
    expect(waiting.hasAttribute('disabled')).toBe(true);

    await release(signedIn());
    await waitFor(() => expect(history.at(-1)).toBe(use.destination));
    expect(sent).toEqual([{ email: 'ada@example.com', password: 'secret-password' }]);
    expect(valueOf('Email')).toBe('');
    await expectToast({ title: 'Welcome back!', description: use.welcome, variant: 'success' });
  });

  it("says the server's sentence when Kiln refuses", async () => {
    stubAuthApi(() => kilnRefusal(429, 'RATE_LIMITED', 'Too many attempts, try again later'));
    await use.render();
    fillAndSubmit(CREDENTIALS, use.submit);
    const description = 'Too many attempts, try again later';
    await expectToast({ title: 'Login failed', description, variant: 'destructive' });
    expect(screen.getByRole('button', { name: use.submit }).hasAttribute('disabled')).toBe(false);
  });

  it('falls back to its own words when the answer is not Kiln’s', async () => {
    stubAuthApi(proxyPage);
    await use.render();
    fillAndSubmit(CREDENTIALS, use.submit);
    await expectToast({ title: 'Login failed', description: use.fallback, variant: 'destructive' });
  });
});

interface RegistrationForm {
  place: string;
  render: () => Promise<string[]>;
  /** Each field's label and what is typed into it. */
  fields: Record<string, string>;
  payload: Record<string, string>;
  submit: string;
  welcome: string;
}

/**
 * The two registration forms share their submission (useRegisterSubmit) and keep their own
 * fields and payloads (decision 0001).
 */
const FORMS: RegistrationForm[] = [
  {
    place: 'the registration screen',
    render: async () => renderAt('/register', <RegisterPage />),
    fields: {
      Username: 'ada',
      Email: 'ada@example.com',
      Password: 'long-password',
      'Confirm Password': 'long-password',
    },
    payload: { username: 'ada', email: 'ada@example.com', password: 'long-password' },
    submit: 'Create account',
    welcome: 'Welcome to Kiln, ada! Check your inbox to verify your email.',
  },
  {
    place: 'the landing page dialog',
    render: () => renderDialog('register'),
    // The name is optional: left empty, it is left out of the payload.
    fields: { Email: 'ada@example.com', Password: 'short1' },
    payload: { email: 'ada@example.com', password: 'short1' },
    submit: 'Create Account',
    welcome: 'Your account has been successfully created',
  },
];

describe.each(FORMS)('registering on $place', (form) => {
  it('sends its own payload, welcomes, empties its fields and goes to the dashboard', async () => {
    const { answer, release } = heldAnswer();
    const sent = stubAuthApi(answer);
    const history = await form.render();
    fillAndSubmit(form.fields, form.submit);
    const waiting = await screen.findByRole('button', { name: 'Creating account...' });
    expect(waiting.hasAttribute('disabled')).toBe(true);

    await release(signedIn());
    await waitFor(() => expect(history.at(-1)).toBe('/dashboard'));
    expect(sent).toEqual([form.payload]);
    expect(valueOf('Email')).toBe('');
    await expectToast({ title: 'Account created!', description: form.welcome, variant: 'success' });
  });

  it("says the server's sentence when Kiln refuses, keeping what was typed", async () => {
    const description = 'An account with this email already exists';
    stubAuthApi(() => kilnRefusal(409, 'EMAIL_TAKEN', description));
    await form.render();
    fillAndSubmit(form.fields, form.submit);
    await expectToast({ title: 'Registration failed', description, variant: 'destructive' });
    expect(valueOf('Email')).toBe('ada@example.com');
  });

  it('falls back to its own words when the answer is not Kiln’s', async () => {
    stubAuthApi(proxyPage);
    await form.render();
    fillAndSubmit(form.fields, form.submit);
    const description = 'Failed to create account';
    await expectToast({ title: 'Registration failed', description, variant: 'destructive' });
  });
});

/**
 * Each form's field messages: the shared schemas' words, shown under their fields after a submit
 * and tied to them, the first field in error focused, and nothing sent.
 */
interface ValidatedForm {
  place: string;
  render: () => Promise<unknown>;
  fields: Record<string, string>;
  submit: string;
  /** The message under each field in error, by its label, the first to be focused first. */
  messages: Record<string, string>;
}

const VALIDATED: ValidatedForm[] = [
  {
    place: 'the sign-in screen',
    render: async () => renderAt('/login', <LoginPage />),
    fields: { Email: ' ', Password: '' },
    submit: 'Sign in',
    messages: { Email: 'Email is required', Password: 'Password is required' },
  },
  {
    place: 'the registration screen',
    render: async () => renderAt('/register', <RegisterPage />),
    fields: { Username: 'a!', Email: 'ada@', Password: 'short', 'Confirm Password': '' },
    submit: 'Create account',
    messages: {
      Username: 'Username must be at least 3 characters',
      Email: 'Enter a valid email address',
      Password: 'Password must be at least 8 characters',
      'Confirm Password': 'Please confirm your password',
    },
  },
  {
    place: 'the landing page dialog',
    render: () => renderDialog('register'),
    fields: { Email: 'ada@example.com', Password: 'five5' },
    submit: 'Create Account',
    messages: { Password: 'Password must be at least 6 characters' },
  },
  {
    place: 'the password reset request',
    render: async () => renderAt('/reset-password', <ResetPasswordPage />),
    fields: { Email: 'not an email' },
    submit: 'Send reset link',
    messages: { Email: 'Enter a valid email address' },
  },
  {
    place: 'the new password form',
    render: async () => renderAt('/reset-password?token=t1', <ResetPasswordPage />),
    fields: { 'New password': 'short', 'Confirm new password': '' },
    submit: 'Set new password',
    messages: {
      'New password': 'Password must be at least 8 characters',
      'Confirm new password': 'Please confirm your password',
    },
  },
];

describe.each(VALIDATED)('the field messages on $place', (form) => {
  it('shows the schema’s words under each field in error, focuses the first and sends nothing', async () => {
    const sent = stubAuthApi(signedIn);
    await form.render();
    fillAndSubmit(form.fields, form.submit);
    const [first] = Object.keys(form.messages);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(first!)));
    for (const label of Object.keys(form.fields)) {
      const input = screen.getByLabelText(label);
      const message = form.messages[label];
      if (message === undefined) {
        expect(input.hasAttribute('aria-invalid')).toBe(false);
        continue;
      }
      const shown = screen.getByText(message);
      expect(shown.getAttribute('role')).toBe('alert');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toContain(shown.id);
    }
    expect(sent).toEqual([]);
  });
});

describe('the passwords typed twice', () => {
  it.each<Pick<ValidatedForm, 'place' | 'fields' | 'submit'> & { render: () => unknown }>([
    {
      place: 'the registration screen',
      render: () => renderAt('/register', <RegisterPage />),
      fields: {
        Username: 'ada',
        Email: 'ada@example.com',
        Password: 'long-password',
        'Confirm Password': 'other-password',
      },
      submit: 'Create account',
    },
    {
      place: 'the new password form',
      render: () => renderAt('/reset-password?token=t1', <ResetPasswordPage />),
      fields: { 'New password': 'long-password', 'Confirm new password': 'other-password' },
      submit: 'Set new password',
    },
  ])('must match on $place, or a toast says so and nothing is sent', async (form) => {
    const sent = stubAuthApi(signedIn);
    await form.render();
    fillAndSubmit(form.fields, form.submit);
    await expectToast({
      title: "Passwords don't match",
      description: 'Please make sure your passwords match',
      variant: 'destructive',
    });
    expect(sent).toEqual([]);
  });

  it('sends the token and the new password once they match', async () => {
    const sent = stubAuthApi(signedIn);
    const history = renderAt('/reset-password?token=t1', <ResetPasswordPage />);
    fillAndSubmit(
      { 'New password': 'long-password', 'Confirm new password': 'long-password' },
      'Set new password',
    );
    await waitFor(() => expect(history.at(-1)).toBe('/dashboard'));
    expect(sent).toEqual([{ token: 't1', password: 'long-password' }]);
  });
});
