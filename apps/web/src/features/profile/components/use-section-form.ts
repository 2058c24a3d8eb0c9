import { zodResolver } from '@hookform/resolvers/zod';
import { get, useForm, type DefaultValues, type FieldError, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notifications } from '@/components/ui/notifications';

interface SectionFormOptions<Values extends FieldValues, Input, Data> {
  /** The contracts schema the server checks too. */
  schema: z.ZodType<Input, Values>;
  /** The fields' ids: 'bank' gives `bank-full-name` for full_name. */
  idPrefix: string;
  /** What is stored now. */
  data: Data;
  /** The form's text for stored data: at first, and again from what a save kept. */
  valuesOf: (data: Data) => DefaultValues<Values>;
  /** The section's save: what the server kept and its message. */
  save: (input: Input) => Promise<{ data: Data; message: string }>;
  /** What follows a save, after its message and the refilled form. */
  onSaved?: (data: Data) => Promise<void> | void;
}

/**
 * A profile section's form (personal information, bank account): checked once a field is left, saved with a
 * message, then filled from what the server kept; a failed save is told in a toast. `field(name)` is what a
 * TextField or SelectField of the section's grid takes (no margin of its own: the row's gutter spaces them).
 */
export function useSectionForm<Values extends FieldValues, Input, Data>({
  schema,
  idPrefix,
  data,
  valuesOf,
  save,
  onSaved,
}: SectionFormOptions<Values, Input, Data>) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Input>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: valuesOf(data),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save(values);
      notifications.success(saved.message);
      reset(valuesOf(saved.data));
      await onSaved?.(saved.data);
    } catch (error) {
      notifications.error(errorMessage(error));
      // A field the server refused (a wrong current password) says so under itself too.
      if (error instanceof ApiError && error.status === 422)
        for (const [name, [message]] of Object.entries(error.errors))
          if (message && name in valuesOf(data)) setError(name as Path<Values>, { message });
    }
  });

  const field = (name: Path<Values>) => ({
    id: `${idPrefix}-${name.replaceAll('_', '-')}`,
    registration: register(name),
    error: (get(errors, name) as FieldError | undefined)?.message,
    className: '',
  });

  return { onSubmit, field, isSubmitting, control };
}
