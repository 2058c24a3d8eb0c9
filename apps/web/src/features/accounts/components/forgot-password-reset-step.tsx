import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { resetPasswordBody } from '@app/contracts';
import { errorMessage } from '@/lib/api-client';
import { PasswordField, TextField } from '@/components/ui/form';
import { PasswordChecklist } from '@/components/ui/form/password-checklist';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { useResetPassword } from '../api/reset-password';

/** The reset form is the shared schema without the email, which step 1 already has. */
const resetStepSchema = resetPasswordBody.omit({ email: true });
type ResetStepValues = z.input<typeof resetStepSchema>;
type ResetStepOutput = z.output<typeof resetStepSchema>;

interface ResetStepProps {
  email: string;
  onReset: () => void;
  onChangeEmail: () => void;
}

/** Forgot Password, step 2: the code from the mail and the new password. */
export function ForgotPasswordResetStep({ email, onReset, onChangeEmail }: ResetStepProps) {
  const { t } = useTranslation('accounts');
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ResetStepValues, unknown, ResetStepOutput>({
    resolver: zodResolver(resetStepSchema),
    mode: 'onTouched',
    defaultValues: { otp: '', password: '', password_confirmation: '' },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    try {
      await reset.mutateAsync({ ...values, email });
      onReset();
    } catch (error) {
      notifications.error(errorMessage(error));
    }
  });

  const passwordError = errors.password?.type === 'custom' ? undefined : errors.password?.message;

  return (
    <Form noValidate onSubmit={onSubmit}>
      <p className="text-body-secondary small">
        <Trans
          t={t}
          i18nKey="forgotPassword.sentTo"
          values={{ email }}
          components={{ strong: <strong className="text-body" /> }}
        />{' '}
        <Button variant="link" size="sm" className="p-0 align-baseline" onClick={onChangeEmail}>
          {t('forgotPassword.changeEmail')}
        </Button>
      </p>
      <TextField
        id="reset-otp"
        label={t('forgotPassword.otp')}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        registration={register('otp')}
        error={errors.otp?.message}
      />
      <PasswordField
        id="reset-password"
        label={t('forgotPassword.newPassword')}
        autoComplete="new-password"
        registration={register('password')}
        error={passwordError}
        isInvalid={Boolean(errors.password)}
        describedBy="reset-password-checks"
      >
        <PasswordChecklist id="reset-password-checks" password={password} />
      </PasswordField>
      <PasswordField
        id="reset-password-confirmation"
        label={t('forgotPassword.confirmPassword')}
        autoComplete="new-password"
        registration={register('password_confirmation')}
        error={errors.password_confirmation?.message}
      />
      <SubmitButton isBusy={isSubmitting} className="w-100">
        {t('forgotPassword.submit')}
      </SubmitButton>
    </Form>
  );
}
