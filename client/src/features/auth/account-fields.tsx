import { FormField, type FormFieldProps } from '../../components/form-field';

type AccountFieldProps = Omit<FormFieldProps, 'label' | 'type' | 'autoComplete' | 'required'>;

/** The email field of the sign-in and registration forms. */
export function EmailField(props: AccountFieldProps) {
  return <FormField label="Email" type="email" autoComplete="email" required {...props} />;
}

/**
 * A password field. `autoComplete` tells password managers whether to fill the saved password
 * (signing in) or offer a new one (registering).
 */
export function PasswordField({
  label = 'Password',
  ...props
}: AccountFieldProps & { label?: string; autoComplete: 'current-password' | 'new-password' }) {
  return <FormField label={label} type="password" required {...props} />;
}
