import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notifications } from '@/components/ui/notifications';

interface FormTarget<T extends FieldValues> {
  setError: UseFormSetError<T>;
  /** The fields the form shows; a 422 error on one of them (or inside it, e.g. `levels.0.name`) goes next to it. */
  fields: readonly string[];
}

const isShownBy = (fields: readonly string[], name: string) =>
  fields.some((field) => name === field || name.startsWith(`${field}.`));

/**
 * A failed write: the field errors of a 422 next to the fields the form shows; anything else (a 400,
 * a 409, a field the form has no input for) in a danger toast.
 */
export function showServerError<T extends FieldValues>(error: unknown, form?: FormTarget<T>): void {
  if (form && error instanceof ApiError && error.status === 422) {
    let placed = 0;
    const elsewhere: string[] = [];
    for (const [name, messages] of Object.entries(error.errors)) {
      const message = messages[0];
      if (!message) continue;
      if (isShownBy(form.fields, name)) {
        form.setError(name as Path<T>, { type: 'server', message }, { shouldFocus: placed === 0 });
        placed += 1;
      } else {
        elsewhere.push(message);
      }
    }
    if (placed > 0 && elsewhere.length === 0) return;
    notifications.error(elsewhere[0] ?? error.message);
    return;
  }
  notifications.error(errorMessage(error));
}
