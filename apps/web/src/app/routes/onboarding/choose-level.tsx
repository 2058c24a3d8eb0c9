import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { AuthLayout } from '@/components/layout/auth-layout';
import { MeRedirect } from '@/components/layout/me-redirect';
import { SignedInAs } from '@/components/layout/signed-in-as';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { ChooseBatchForm } from '@/features/onboarding/components/choose-batch-form';

/**
 * Choose My Batch; a learner who is verified or has picked a standard moves on (docs/product/onboarding.md#choose-my-batch): to '/'
 * when verified, else straight to /verify, where '/' would send them anyway (decision 011). Going
 * through '/' would start the dashboard's queries, answered 417, before the app lands on /verify.
 * The same holds right after Submit, when the refreshed GET /me says a standard is picked.
 */
export default function ChooseLevelRoute() {
  const me = useMe();
  const navigate = useNavigate();
  const { t } = useTranslation('onboarding');
  if (me.isPending) return <LoadingOverlay />;
  if (me.data?.email_verified_at) return <MeRedirect me={me} to={paths.home.getHref()} />;
  if (me.data?.isStandardPicked) return <MeRedirect me={me} to={paths.verify.getHref()} />;
  return (
    <AuthLayout title={t('chooseLevel.title')} subtitle={t('chooseLevel.subtitle')}>
      <ChooseBatchForm onDone={() => navigate(paths.verify.getHref(), { replace: true })} />
      {/* Back here with a code already mailed (General Course leaves no standard, so reopening the app lands here):
          choosing again would mail a new code and void the one they have. */}
      <p className="text-center small mt-3 mb-0">
        {t('chooseLevel.haveCode')} <Link to={paths.verify.getHref()}>{t('chooseLevel.enterCode')}</Link>
      </p>
      <SignedInAs />
    </AuthLayout>
  );
}
