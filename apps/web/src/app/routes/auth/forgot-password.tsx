import { AuthLayout } from '@/components/layout/auth-layout';
import { ForgotPassword } from '@/features/auth/components/forgot-password';

export default function ForgotPasswordRoute() {
  return (
    <AuthLayout title="Forgot Password">
      <ForgotPassword />
    </AuthLayout>
  );
}
