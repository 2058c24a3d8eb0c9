import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { forgotPasswordOtpBody, type ForgotPasswordOtpBody } from '@app/contracts';
import { errorMessage } from '@/lib/api-client';
import { TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { useForgotPasswordOtp, type ForgotPasswordOtpInput } from '../api/forgot-password-otp';

/** Forgot Password, step 1: the email address the code goes to. */
export function ForgotPasswordEmailStep({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation('accounts');
  const requestOtp = useForgotPasswordOtp();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordOtpBody, unknown, ForgotPasswordOtpInput>({
    resolver: zodResolver(forgotPasswordOtpBody),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const response = await requestOtp.mutateAsync(values);
      if (response.message) notifications.success(response.message);
      onSent(values.email);
    } catch (error) {
      notifications.error(errorMessage(error));
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit}>
      <p className="text-body-secondary small">{t('forgotPassword.intro')}</p>
      <TextField
        id="forgot-email"
        label={t('forgotPassword.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <SubmitButton isBusy={isSubmitting} className="w-100">
        {t('forgotPassword.sendOtp')}
      </SubmitButton>
    </Form>
  );
}
