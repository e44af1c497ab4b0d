// @vitest-environment happy-dom
import { LoginInputSchema, type LoginInput } from '@kiln/shared';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormField } from '../components/form-field';
import { lazyValidator, useSchemaForm, zodValidator, type Validator } from './schema-form';

afterEach(cleanup);

/** A sign-in form on the hook, with the shared schema, as the account forms use it. */
function LoginHarness({
  validator,
  onValid,
}: {
  validator: ReturnType<typeof lazyValidator<LoginInput>>;
  onValid: (values: LoginInput) => void;
}) {
  const form = useSchemaForm({ validator, defaultValues: { email: '', password: '' } });
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <FormField id="email" label="Email" error={form.errors.email} {...form.register('email')} />
      <FormField
        id="password"
        label="Password"
        type="password"
        error={form.errors.password}
        {...form.register('password')}
      />
      <button type="submit">Sign in</button>
      <button type="button" onClick={form.reset}>
        Clear
      </button>
    </form>
  );
}

function renderLogin(load = vi.fn(async () => zodValidator(LoginInputSchema))) {
  const onValid = vi.fn();
  render(<LoginHarness validator={lazyValidator(load)} onValid={onValid} />);
  return { onValid, load };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

describe('useSchemaForm', () => {
  it("shows the schema's messages after a submit, tied to their fields, and focuses the first", async () => {
    const { onValid, load } = renderLogin();
    type('Email', 'ada@');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).not.toHaveBeenCalled();

    submit();
    const email = await screen.findByText('Enter a valid email address');
    expect(screen.getByText('Password is required').id).toBe('password-error');
    expect(email.id).toBe('email-error');
    expect(email.getAttribute('role')).toBe('alert');
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(field('Email').getAttribute('aria-describedby')).toBe('email-error');
    expect(field('Password').getAttribute('aria-describedby')).toBe('password-error');
    expect(document.activeElement).toBe(field('Email'));
    expect(onValid).not.toHaveBeenCalled();
  });

  it('focuses the first field in error in page order', async () => {
    renderLogin();
    type('Email', 'ada@example.com');
    submit();
    await screen.findByText('Password is required');
    expect(document.activeElement).toBe(field('Password'));
    expect(field('Email').hasAttribute('aria-invalid')).toBe(false);
  });

  it('checks a field again as it changes once submitted, leaving the others as they were', async () => {
    renderLogin();
    submit();
    await screen.findByText('Email is required');
    type('Email', 'ada');
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();

    type('Email', 'ada@example.com');
    expect(screen.queryByText('Enter a valid email address')).toBeNull();
    expect(field('Email').hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it("hands on the schema's output (the email trimmed) and clears the messages", async () => {
    const { onValid } = renderLogin();
    submit();
    await screen.findByText('Email is required');
    type('Email', '  ada@example.com ');
    type('Password', 'secret');
    submit();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' });
    expect(screen.queryByRole('alert')).toBeNull();
    // What was typed stays until the form is reset.
    expect(field('Email').value).toBe('  ada@example.com ');
  });

  it('reads what is in the field when submitted, even a value set without a change event', async () => {
    const { onValid } = renderLogin();
    field('Email').value = 'ada@example.com';
    field('Password').value = 'secret';
    submit();
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' }),
    );
  });

  it('reset empties the fields and the messages, and nothing is checked until the next submit', async () => {
    renderLogin();
    type('Password', 'secret');
    submit();
    await screen.findByText('Email is required');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(field('Email').value).toBe('');
    expect(field('Password').value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    type('Email', 'ada');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('loads the validator with the first submit, once, and again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<Validator<LoginInput>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(zodValidator(LoginInputSchema));
    const validator = lazyValidator(load);
    expect(load).not.toHaveBeenCalled();
    await expect(validator.load()).rejects.toThrow('offline');
    expect(validator.current()).toBeUndefined();
    const loaded = await validator.load();
    await validator.load();
    expect(load).toHaveBeenCalledTimes(2);
    expect(validator.current()).toBe(loaded);
  });

  it('is shared by every form using the same validator', async () => {
    const load = vi.fn(async () => zodValidator(LoginInputSchema));
    const validator = lazyValidator(load);
    const onValid = vi.fn();
    render(
      <>
        <LoginHarness validator={validator} onValid={onValid} />
      </>,
    );
    await act(async () => submit());
    await act(async () => submit());
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('zodValidator', () => {
  it("gives each failing field the first of its schema's messages", () => {
    const validate = zodValidator(
      z.object({
        name: z.string().min(3, 'Too short').regex(/^a/, 'Starts with a'),
        code: z.string().min(1, 'Code is required'),
      }),
    );
    expect(validate({ name: 'b', code: '' })).toEqual({
      ok: false,
      errors: { name: 'Too short', code: 'Code is required' },
    });
    expect(validate({ name: 'bcd', code: 'x' })).toEqual({
      ok: false,
      errors: { name: 'Starts with a' },
    });
    expect(validate({ name: 'abc', code: 'x' })).toEqual({
      ok: true,
      values: { name: 'abc', code: 'x' },
    });
  });
});
