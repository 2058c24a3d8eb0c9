import type { z } from 'zod';
import { messages } from '@app/contracts';
import { AppError } from '../../lib/app-error.ts';

/** The field errors of a failed parse, as the spec's { field: [messages] }. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * Checks input that did not go through a route schema (multipart fields, or a patch merged with
 * the stored row) and answers 422 with field errors as a schema failure would.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrorsOf(result.error);
  const first = Object.values(errors)[0]?.[0] ?? messages.invalidInput;
  throw new AppError('VALIDATION', first, { errors });
}
