import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AuthLayout } from '@/components/layout/auth-layout';
import { VerifyAccount } from '@/features/accounts/components/verify-account';

export default function VerifyAccountRoute() {
  const { t } = useTranslation('accounts');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const goHome = useCallback(() => navigate(paths.home.getHref(), { replace: true }), [navigate]);
  return (
    <AuthLayout title={t('verifyAccount.title')}>
      <VerifyAccount token={searchParams.get('token')} onDone={goHome} />
    </AuthLayout>
  );
}
