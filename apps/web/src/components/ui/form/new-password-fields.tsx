import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';

/** The values of a form that sets a password: the new one and its confirmation. */
interface NewPasswordValues {
  password: string;
  password_confirmation: string;
}

interface NewPasswordFieldsProps<T extends FieldValues & NewPasswordValues> {
  /** The form that holds `password` and `password_confirmation`. */
  form: UseFormReturn<T, unknown, unknown>;
  /** The new password's id; its checklist is `${id}-checks`. */
  id: string;
  confirmationId: string;
  label: string;
  confirmationLabel: string;
}

/**
 * A new password with the live policy checklist under it, then its confirmation (register, reset, profile).
 * Only a missing password gets a message; a weak one is explained by the checklist.
 */
export function NewPasswordFields<T extends FieldValues & NewPasswordValues>({
  form,
  id,
  confirmationId,
  label,
  confirmationLabel,
}: NewPasswordFieldsProps<T>) {
  // Every T has both fields: the form is read as its password part only.
  const { register, control, formState } = form as unknown as UseFormReturn<NewPasswordValues>;
  const password = useWatch({ control, name: 'password' }) ?? '';
  const { errors } = formState;
  const passwordError = errors.password?.type === 'custom' ? undefined : errors.password?.message;
  return (
    <>
      <PasswordField
        id={id}
        label={label}
        autoComplete="new-password"
        registration={register('password')}
        error={passwordError}
        isInvalid={Boolean(errors.password)}
        describedBy={`${id}-checks`}
      >
        <PasswordChecklist id={`${id}-checks`} password={password} />
      </PasswordField>
      <PasswordField
        id={confirmationId}
        label={confirmationLabel}
        autoComplete="new-password"
        registration={register('password_confirmation')}
        error={errors.password_confirmation?.message}
      />
    </>
  );
}
