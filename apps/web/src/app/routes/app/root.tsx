import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { AppShell } from '@/components/layout/app-shell';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { useProgressSync } from '@/features/learn/api/record-progress';

/**
 * The signed-in pages. The router's loader already sent signed-out visitors to /login. A learner
 * with an unverified email is sent back into onboarding, as the API would answer 417 anyway;
 * Profile stays reachable (server-rules: profile works before verification).
 */
export default function AppRoot() {
  const me = useMe();
  const { pathname } = useLocation();
  // Progress made offline is sent as soon as the app opens online, whichever page it opens on.
  useProgressSync();

  if (me.isPending) return <LoadingOverlay />;
  if (me.data && !me.data.email_verified_at && pathname !== paths.profile.path) {
    const next = me.data.isStandardPicked ? paths.verify : paths.chooseLevel;
    return <Navigate to={next.getHref()} replace />;
  }
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
