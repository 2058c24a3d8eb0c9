import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { AuthLayout } from '@/components/layout/auth-layout';
import { notifications } from '@/components/ui/notifications';
import { useReferral } from '@/features/accounts/api/validate-referral';
import { ReferrerCard } from '@/features/accounts/components/referrer-card';
import { RegisterForm } from '@/features/accounts/components/register-form';

/**
 * /register and /register/:referral (an unknown code goes back to /register: docs/product/accounts-and-sign-in.md#referral-codes).
 * The link's code is sent with the registration unless the server said it is unknown: a lookup that failed on the
 * network, was refused for too many tries or has not answered yet must not drop the referrer, whom nothing could add
 * later (the registration itself refuses an unknown code).
 */
export default function RegisterRoute() {
  const { t } = useTranslation('accounts');
  const { referral } = useParams();
  const navigate = useNavigate();
  const referrer = useReferral(referral);
  const isRejected = referrer.error instanceof ApiError && referrer.error.status === 400;

  useEffect(() => {
    if (!referrer.error) return;
    notifications.error(errorMessage(referrer.error));
    if (isRejected) navigate(paths.register.getHref(), { replace: true });
  }, [referrer.error, isRejected, navigate]);

  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')} isWide>
      {referral && !referrer.isError && <ReferrerCard referrer={referrer.data} />}
      <RegisterForm
        key={referral ?? 'none'}
        referralCode={referral && !isRejected ? referral : null}
        onSuccess={() => navigate(paths.chooseLevel.getHref(), { replace: true })}
      />
    </AuthLayout>
  );
}
