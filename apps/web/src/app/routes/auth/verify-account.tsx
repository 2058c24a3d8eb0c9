import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AuthLayout } from '@/components/layout/auth-layout';
import { VerifyAccount } from '@/features/auth/components/verify-account';

export default function VerifyAccountRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const goHome = useCallback(() => navigate(paths.home.getHref(), { replace: true }), [navigate]);
  return (
    <AuthLayout title="Verify Account">
      <VerifyAccount token={searchParams.get('token')} onDone={goHome} />
    </AuthLayout>
  );
}
