import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { forgotPasswordOtpBody, type ForgotPasswordOtpBody } from '@app/contracts';
import { errorMessage } from '@/lib/api-client';
import { TextField } from '@/components/ui/form';
import { notifications } from '@/components/ui/notifications';
import { SubmitButton } from '@/components/ui/submit-button';
import { useForgotPasswordOtp, type ForgotPasswordOtpInput } from '../api/forgot-password-otp';

/** Forgot Password, step 1: the email address the code goes to. */
export function ForgotPasswordEmailStep({ onSent }: { onSent: (email: string) => void }) {
  const requestOtp = useForgotPasswordOtp();
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<ForgotPasswordOtpBody, unknown, ForgotPasswordOtpInput>({
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
      <p className="text-body-secondary small">Enter the email address of your account and we will send you a one-time password (OTP).</p>
      <TextField
        id="forgot-email" label="Email" type="email" autoComplete="email" inputMode="email"
        registration={register('email')} error={errors.email?.message}
      />
      <SubmitButton isBusy={isSubmitting} className="w-100">Send OTP</SubmitButton>
    </Form>
  );
}
