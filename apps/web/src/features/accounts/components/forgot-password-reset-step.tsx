import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { resetPasswordBody } from '@app/contracts';
import { errorMessage } from '@/lib/api-client';
import { TextField } from '@/components/ui/form';
import { NewPasswordFields } from '@/components/ui/form/new-password-fields';
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
  const form = useForm<ResetStepValues, unknown, ResetStepOutput>({
    resolver: zodResolver(resetStepSchema),
    mode: 'onTouched',
    defaultValues: { otp: '', password: '', password_confirmation: '' },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await reset.mutateAsync({ ...values, email });
      onReset();
    } catch (error) {
      notifications.error(errorMessage(error));
    }
  });

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
      <NewPasswordFields
        form={form}
        id="reset-password"
        confirmationId="reset-password-confirmation"
        label={t('forgotPassword.newPassword')}
        confirmationLabel={t('forgotPassword.confirmPassword')}
      />
      <SubmitButton isBusy={isSubmitting} className="w-100">
        {t('forgotPassword.submit')}
      </SubmitButton>
    </Form>
  );
}
