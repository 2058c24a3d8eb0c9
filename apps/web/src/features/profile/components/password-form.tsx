import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Form from 'react-bootstrap/Form';
import { z } from 'zod';
import { messages, newPasswordField, profileMessages } from '@app/contracts';
import { errorMessage } from '@/lib/api-client';
import { PasswordField } from '@/components/ui/form';
import { NewPasswordFields } from '@/components/ui/form/new-password-fields';
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
  const changePassword = useChangePassword();
  const { t } = useTranslation('profile');
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(passwordFormSchema),
    mode: 'onTouched',
    defaultValues: emptyValues,
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await changePassword(values);
      notifications.success(message);
      reset(emptyValues);
    } catch (error) {
      notifications.error(errorMessage(error));
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={t('sections.password')}>
      <PasswordField
        id="password-current"
        label={t('password.current')}
        autoComplete="current-password"
        registration={register('current_password')}
        error={errors.current_password?.message}
      />
      <NewPasswordFields
        form={form}
        id="password-new"
        confirmationId="password-confirmation"
        label={t('password.new')}
        confirmationLabel={t('password.confirm')}
      />
      <SubmitButton isBusy={isSubmitting}>{t('password.submit')}</SubmitButton>
    </Form>
  );
}
