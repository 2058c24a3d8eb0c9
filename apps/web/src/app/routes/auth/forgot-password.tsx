import { useTranslation } from 'react-i18next';
import { AuthLayout } from '@/components/layout/auth-layout';
import { ForgotPassword } from '@/features/accounts/components/forgot-password';

export default function ForgotPasswordRoute() {
  const { t } = useTranslation('accounts');
  return (
    <AuthLayout title={t('forgotPassword.title')}>
      <ForgotPassword />
    </AuthLayout>
  );
}
