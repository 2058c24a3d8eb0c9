import { Navigate, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { AuthLayout } from '@/components/layout/auth-layout';
import { SignedInAs } from '@/components/layout/signed-in-as';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { ChooseBatchForm } from '@/features/onboarding/components/choose-batch-form';

/** Choose My Batch; a learner who is verified or has picked a standard goes to '/' (spec section 4). */
export default function ChooseLevelRoute() {
  const me = useMe();
  const navigate = useNavigate();
  if (me.isPending) return <LoadingOverlay />;
  if (me.data && (me.data.email_verified_at || me.data.isStandardPicked)) {
    return <Navigate to={paths.home.getHref()} replace />;
  }
  return (
    <AuthLayout title="Choose My Batch" subtitle="Pick your syllabus and standard, or start with the general course.">
      <ChooseBatchForm onDone={() => navigate(paths.verify.getHref())} />
      <SignedInAs />
    </AuthLayout>
  );
}
