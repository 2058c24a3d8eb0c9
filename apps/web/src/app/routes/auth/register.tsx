import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { AuthLayout } from '@/components/layout/auth-layout';
import { notifications } from '@/components/ui/notifications';
import { useReferral } from '@/features/auth/api/validate-referral';
import { ReferrerCard } from '@/features/auth/components/referrer-card';
import { RegisterForm } from '@/features/auth/components/register-form';

/** /register and /register/:referral (an unknown code goes back to /register, spec section 4). */
export default function RegisterRoute() {
  const { referral } = useParams();
  const navigate = useNavigate();
  const referrer = useReferral(referral);
  const isRejected = referrer.error instanceof ApiError && referrer.error.status >= 400 && referrer.error.status < 500;

  useEffect(() => {
    if (!referrer.error) return;
    notifications.error(errorMessage(referrer.error));
    if (isRejected) navigate(paths.register.getHref(), { replace: true });
  }, [referrer.error, isRejected, navigate]);

  return (
    <AuthLayout title="Register" subtitle="Create your Live Connect account." isWide>
      {referral && !referrer.isError && <ReferrerCard referrer={referrer.data} />}
      <RegisterForm
        key={referral ?? 'none'}
        referralCode={referral && referrer.isSuccess ? referral : null}
        onSuccess={() => navigate(paths.chooseLevel.getHref(), { replace: true })}
      />
    </AuthLayout>
  );
}
