import {
  useMemo,
  useState,
  type Dispatch,
  type FormEvent,
  type RefCallback,
  type SetStateAction,
} from 'react';
import type { z } from 'zod';

/** A form's values checked: the schema's output, or each failing field's first message. */
export type Validation<TOutput> =
  { ok: true; values: TOutput } | { ok: false; errors: Record<string, string> };

export type Validator<TOutput> = (values: Record<string, string>) => Validation<TOutput>;

/**
 * A zod schema as a form's validator: the parsed (trimmed) values when they pass, otherwise the
 * first message of each failing field, as react-hook-form's zod resolver gave them. Only the
 * schema's own `safeParse` runs, so this module keeps zod out of the page's first JavaScript.
 */
export function zodValidator<TOutput>(schema: z.ZodType<TOutput>): Validator<TOutput> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { ok: true, values: result.data };
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= issue.message;
    }
    return { ok: false, errors };
  };
}

/**
 * A validator loaded with the form's first validation (its first submit): the form's zod schema,
 * and zod with it, stay out of the JavaScript a page's first visit downloads (bench/page-weight).
 * Loaded once for every form that shares it; a load that fails is tried again at the next submit.
 */
export interface LazyValidator<TOutput> {
  /** The validator once loaded, so a change after the first submit is checked at once. */
  current: () => Validator<TOutput> | undefined;
  load: () => Promise<Validator<TOutput>>;
}

export function lazyValidator<TOutput>(
  load: () => Promise<Validator<TOutput>>,
): LazyValidator<TOutput> {
  let loaded: Validator<TOutput> | undefined;
  let loading: Promise<Validator<TOutput>> | undefined;
  return {
    current: () => loaded,
    load: () =>
      (loading ??= load().then(
        (validator) => (loaded = validator),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
  };
}

export interface FieldRegistration<TName extends string> {
  name: TName;
  ref: RefCallback<HTMLInputElement>;
  onChange: (event: { target: { value: string } }) => void;
}

export interface SchemaForm<TOutput, TName extends string> {
  /** Props for an uncontrolled input: its name, its element and its changes. */
  register: (name: TName) => FieldRegistration<TName>;
  /** Each field's message after a failed submit, checked again as the field changes. */
  errors: Partial<Record<TName, string>>;
  /** The form's onSubmit: validates, focuses the first field in error, or hands on the output. */
  handleSubmit: (onValid: (values: TOutput) => void) => (event?: FormEvent) => void;
  /** Back to the default values, with no message and nothing submitted. */
  reset: () => void;
}

/**
 * The account forms' state: uncontrolled inputs validated by a zod schema on submit and, once
 * submitted, each field again as it changes — react-hook-form's defaults (mode onSubmit,
 * reValidateMode onChange, the first field in error focused), in a kilobyte of Kiln's own.
 */
export function useSchemaForm<TOutput, TName extends string>({
  defaultValues,
  validator,
}: {
  defaultValues: Record<TName, string>;
  validator: LazyValidator<TOutput>;
}): SchemaForm<TOutput, TName> {
  const [errors, setErrors] = useState<Partial<Record<TName, string>>>({});
  const [fields] = useState(() => formFields(defaultValues, validator, setErrors));
  return useMemo(() => ({ ...fields, errors }), [fields, errors]);
}

/** What a form keeps between renders: its fields, their values, and whether it was submitted. */
function formFields<TOutput, TName extends string>(
  defaults: Record<TName, string>,
  validator: LazyValidator<TOutput>,
  setErrors: Dispatch<SetStateAction<Partial<Record<TName, string>>>>,
): Omit<SchemaForm<TOutput, TName>, 'errors'> {
  let values = { ...defaults };
  let submitted = false;
  // Fields in the order they were registered: their order on the page.
  const elements = new Map<TName, HTMLInputElement>();
  const registrations = new Map<TName, FieldRegistration<TName>>();

  // What each field holds now, even a value a password manager set without a change event.
  const read = () => {
    for (const [name, element] of elements) values[name] = element.value;
    return values;
  };

  const register = (name: TName) => {
    let registration = registrations.get(name);
    if (!registration) {
      registration = {
        name,
        ref: (element) => {
          if (!element) {
            elements.delete(name);
            return;
          }
          elements.set(name, element);
          if (element.value !== values[name]) element.value = values[name];
        },
        onChange: (event) => {
          values[name] = event.target.value;
          const validate = submitted ? validator.current() : undefined;
          if (!validate) return;
          const result = validate(read());
          const message = result.ok ? undefined : result.errors[name];
          setErrors((current) => {
            if (current[name] === message) return current;
            const next = { ...current };
            if (message === undefined) delete next[name];
            else next[name] = message;
            return next;
          });
        },
      };
      registrations.set(name, registration);
    }
    return registration;
  };

  const handleSubmit = (onValid: (values: TOutput) => void) => (event?: FormEvent) => {
    event?.preventDefault();
    submitted = true;
    void validator.load().then((validate) => {
      const result = validate(read());
      if (result.ok) {
        setErrors({});
        onValid(result.values);
        return;
      }
      const found: Partial<Record<TName, string>> = {};
      for (const [name, message] of Object.entries(result.errors)) {
        found[name as TName] = message;
      }
      setErrors(found);
      for (const [name, element] of elements) {
        if (found[name] !== undefined) {
          element.focus();
          break;
        }
      }
    });
  };

  const reset = () => {
    submitted = false;
    values = { ...defaults };
    for (const [name, element] of elements) element.value = defaults[name];
    setErrors({});
  };

  return { register, handleSubmit, reset };
}
