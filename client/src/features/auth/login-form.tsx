import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { lazyValidator, useSchemaForm } from '../../lib/schema-form';
import { EmailField, PasswordField } from './account-fields';
import { useLogin } from './mutations';
import { submitWithToasts } from './submit-with-toasts';

/** The words that differ between the sign-in screen and the landing page's dialog. */
export interface LoginFormTexts {
  /** The success toast's description; its title is "Welcome back!" in both. */
  successDescription: string;
  /** The failure toast's description when the server sends no sentence of its own. */
  failureFallback: string;
  submitLabel: string;
  pendingLabel: string;
}

const validator = lazyValidator(() =>
  import('./form-schemas').then((module) => module.loginValidator),
);

/** Email and password, sent to /api/auth/login; the screen and the dialog differ in words only. */
export function LoginForm({
  idPrefix,
  texts,
  onSuccess,
  beforeSubmit,
}: {
  /** The fields' ids are `${idPrefix}-email` and `${idPrefix}-password`. */
  idPrefix: string;
  texts: LoginFormTexts;
  /** Runs after the success toast, once the form is emptied. */
  onSuccess: () => void;
  /** Shown between the fields and the button, such as a "Forgot password?" link. */
  beforeSubmit?: ReactNode;
}) {
  const login = useLogin();
  const form = useSchemaForm({
    validator,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form;
  const onSubmit = form.handleSubmit((input) =>
    submitWithToasts(login, input, {
      successTitle: 'Welcome back!',
      successDescription: () => texts.successDescription,
      failureTitle: 'Login failed',
      failureFallback: texts.failureFallback,
      reset: () => form.reset(),
      onSuccess,
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <EmailField id={`${idPrefix}-email`} error={errors.email} {...form.register('email')} />
      <PasswordField
        id={`${idPrefix}-password`}
        autoComplete="current-password"
        error={errors.password}
        {...form.register('password')}
      />
      {beforeSubmit}
      <Button type="submit" disabled={login.isPending} className="w-full">
        {login.isPending ? texts.pendingLabel : texts.submitLabel}
      </Button>
    </form>
  );
}
