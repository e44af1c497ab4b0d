import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver loaded with the form's first validation (its first submit): a form's
 * zod schema, and zod with it, stay out of the JavaScript a page's first visit downloads
 * (bench/page-weight). A load that fails is tried again at the next validation.
 */
export function lazyResolver<TValues extends FieldValues, TContext, TTransformed>(
  load: () => Promise<Resolver<TValues, TContext, TTransformed>>,
): Resolver<TValues, TContext, TTransformed> {
  let loading: Promise<Resolver<TValues, TContext, TTransformed>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    const resolver = await loading;
    return resolver(values, context, options);
  };
}
