import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver from a shared contracts schema, for a form whose inputs hold text (the
 * schemas read numbers, booleans and blank ids from form text). `prepare` adjusts the values first,
 * e.g. leaves out a field the form hides.
 */
export function formResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output>,
  prepare: (values: Values) => unknown = (values) => values,
): Resolver<Values, unknown, Output> {
  const resolve = zodResolver(schema as z.ZodType<Output, Values>) as unknown as Resolver<Values, unknown, Output>;
  return (values, context, options) => resolve(prepare(values) as Values, context, options);
}
