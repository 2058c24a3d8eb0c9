import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AuthLayout } from '@/components/layout/auth-layout';
import { LoginForm } from '@/features/accounts/components/login-form';

export default function LoginRoute() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm onSuccess={() => navigate(paths.home.getHref(), { replace: true })} />
    </AuthLayout>
  );
}
