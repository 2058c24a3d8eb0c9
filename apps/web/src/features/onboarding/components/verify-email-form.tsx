import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { verifyEmailOtpBody, type VerifyEmailOtpBody } from '@app/contracts';
import { errorMessage } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/auth/get-me';
import { isServerMessage } from '@/lib/server-message';
import { TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { useSendEmailOtp } from '../api/send-email-otp';
import { useVerifyEmailOtp, type VerifyEmailOtpInput } from '../api/verify-email-otp';

interface VerifyEmailFormProps {
  defaultEmail: string;
  onVerified: () => void;
}

/** Verify: email and the OTP from the mail; 'Resent OTP' mails a new one (docs/product/onboarding.md#verify). */
export function VerifyEmailForm({ defaultEmail, onVerified }: VerifyEmailFormProps) {
  const { t } = useTranslation('onboarding');
  const queryClient = useQueryClient();
  const verify = useVerifyEmailOtp();
  const resend = useSendEmailOtp();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<VerifyEmailOtpBody, unknown, VerifyEmailOtpInput>({
    resolver: zodResolver(verifyEmailOtpBody),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail, otp: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const response = await verify.mutateAsync(values);
      if (response.message) notifications.success(response.message);
      onVerified();
    } catch (error) {
      // A second tap after a first one whose answer was lost on the way (the email is verified): go on, with /me read
      // again so the pages that send unverified learners here see it.
      if (isServerMessage(error, 'common.emailAlreadyVerified', 400)) {
        await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }).catch(() => undefined);
        onVerified();
        return;
      }
      // The button comes back (isSubmitting ends) so the learner can try again.
      notifications.error(errorMessage(error));
    }
  });

  const resendOtp = () =>
    resend.mutate(undefined, {
      onSuccess: (response) => notifications.success(response.message),
      onError: (error) => notifications.error(errorMessage(error)),
    });

  return (
    <Form noValidate onSubmit={onSubmit}>
      <TextField
        id="verify-email"
        label={t('verify.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <TextField
        id="verify-otp"
        label={t('verify.otp')}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        registration={register('otp')}
        error={errors.otp?.message}
      />
      <SubmitButton isBusy={isSubmitting} className="w-100">
        {t('verify.submit')}
      </SubmitButton>
      <p className="text-center mt-3 mb-0 small">
        {t('verify.noCode')}{' '}
        <Button variant="link" size="sm" className="p-0 align-baseline" disabled={resend.isPending} onClick={resendOtp}>
          {t('verify.resend')}
        </Button>
      </p>
    </Form>
  );
}
