import { PASSWORD_MIN_DIALOG } from '@kiln/shared';
import { FormField } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { lazyValidator, useSchemaForm } from '../../lib/schema-form';
import { EmailField, PasswordField } from './account-fields';
import { useRegisterSubmit } from './use-register-submit';

const validator = lazyValidator(() =>
  import('./form-schemas').then((module) => module.dialogRegisterValidator),
);

/** The landing page dialog's registration: email, password of 6 or more, optional name (0001). */
export function DialogRegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const form = useSchemaForm({
    validator,
    defaultValues: { email: '', password: '', name: '' },
  });
  const { errors } = form;
  const { submit, isPending } = useRegisterSubmit({
    successDescription: () => 'Your account has been successfully created',
    reset: () => form.reset(),
    onSuccess,
  });
  // The payload's name is optional (decision 0001's `name?`): an empty field leaves it out.
  const onSubmit = form.handleSubmit(({ name, ...rest }) =>
    submit(name ? { ...rest, name } : rest),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <EmailField id="dialog-register-email" error={errors.email} {...form.register('email')} />
      <PasswordField
        id="dialog-register-password"
        autoComplete="new-password"
        hint={`Must be at least ${PASSWORD_MIN_DIALOG} characters`}
        error={errors.password}
        {...form.register('password')}
      />
      <FormField
        id="dialog-register-name"
        label="Name (optional)"
        autoComplete="name"
        error={errors.name}
        {...form.register('name')}
      />
      <Button type="submit" disabled={isPending}>
        {isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
