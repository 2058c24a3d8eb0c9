import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Form from 'react-bootstrap/Form';
import { z } from 'zod';
import { messages, newPasswordField, profileMessages } from '@app/contracts';
import { errorMessage } from '@/lib/api-client';
import { PasswordField } from '@/components/ui/form';
import { PasswordChecklist } from '@/components/ui/form/password-checklist';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { useChangePassword, type ChangePasswordInput } from '../api/change-password';

/**
 * The client's side of PUT /password. Unlike the server's changePasswordBody it does not compare
 * the two new passwords: that is left to the server (its 422 is shown; docs/product/validation-and-errors.md#password-policy).
 */
const passwordFormSchema = z.object({
  current_password: z.string().min(1, profileMessages.currentPasswordRequired),
  password: newPasswordField(messages.newPasswordRequired),
  password_confirmation: z.string().min(1, messages.confirmPasswordProfileRequired),
});

const emptyValues: ChangePasswordInput = { current_password: '', password: '', password_confirmation: '' };

/** 'Password', with the current password too (docs/product/profile.md#password). */
export function PasswordForm() {
  const change = useChangePassword();
  const { t } = useTranslation('profile');
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(passwordFormSchema),
    mode: 'onTouched',
    defaultValues: emptyValues,
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await change.mutateAsync(values);
      notifications.success(message);
      reset(emptyValues);
    } catch (error) {
      notifications.error(errorMessage(error));
    }
  });

  // Only a missing password gets a message; a weak one is explained by the checklist.
  const passwordError = errors.password?.type === 'custom' ? undefined : errors.password?.message;

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('sections.password')}>
      <PasswordField
        id="password-current"
        label={t('password.current')}
        autoComplete="current-password"
        registration={register('current_password')}
        error={errors.current_password?.message}
      />
      <PasswordField
        id="password-new"
        label={t('password.new')}
        autoComplete="new-password"
        registration={register('password')}
        error={passwordError}
        isInvalid={Boolean(errors.password)}
        describedBy="password-new-checks"
      >
        <PasswordChecklist id="password-new-checks" password={password} />
      </PasswordField>
      <PasswordField
        id="password-confirmation"
        label={t('password.confirm')}
        autoComplete="new-password"
        registration={register('password_confirmation')}
        error={errors.password_confirmation?.message}
      />
      <SubmitButton isBusy={isSubmitting}>{t('password.submit')}</SubmitButton>
    </Form>
  );
}
