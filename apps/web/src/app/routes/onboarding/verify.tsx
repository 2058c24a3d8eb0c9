import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { AuthLayout } from '@/components/layout/auth-layout';
import { MeRedirect } from '@/components/layout/me-redirect';
import { SignedInAs } from '@/components/layout/signed-in-as';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { VerifyEmailForm } from '@/features/onboarding/components/verify-email-form';

/** Verify; an already verified learner goes to '/' (docs/product/onboarding.md#verify). */
export default function VerifyRoute() {
  const me = useMe();
  const navigate = useNavigate();
  const { t } = useTranslation('onboarding');
  if (me.isPending) return <LoadingOverlay />;
  if (me.data?.email_verified_at) return <MeRedirect me={me} to={paths.home.getHref()} />;
  return (
    <AuthLayout title={t('verify.title')} subtitle={t('verify.subtitle')}>
      <VerifyEmailForm
        defaultEmail={me.data?.email ?? ''}
        onVerified={() => navigate(paths.home.getHref(), { replace: true })}
      />
      <SignedInAs />
    </AuthLayout>
  );
}
