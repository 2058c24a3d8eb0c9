import { useDeferredValue } from 'react';
import { Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/auth/get-me';
import { AppShell } from '@/components/layout/app-shell';
import { MeRedirect } from '@/components/layout/me-redirect';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { useProgressSync } from '@/features/learning/api/record-progress';
import { useForgetLostCourses } from '@/features/learning/offline/forget-lost-courses';
import { forgetDownloads } from '@/features/learning/offline/store';

/**
 * The signed-in pages. The router's loader already sent signed-out visitors to /login. A learner
 * with an unverified email is sent back into onboarding, as the API would answer 417 anyway;
 * Profile stays reachable (profile works before verification: docs/product/accounts-and-sign-in.md#unverified-email).
 */
export default function AppRoot() {
  const me = useMe();
  const { pathname } = useLocation();
  // Progress made offline is sent as soon as the app opens online, whichever page it opens on.
  useProgressSync();
  // A course refunded (or a batch no longer open) takes its saved chapters off the device once the server says so.
  useForgetLostCourses();

  // The shell and the page render once GET /me is here, in the background (a deferred value renders in slices),
  // so the phone stays free to answer a tap while the whole page mounts.
  const isPending = useDeferredValue(me.isPending);

  if (isPending) return <LoadingOverlay />;
  if (me.data && !me.data.email_verified_at && pathname !== paths.profile.path) {
    const next = me.data.isStandardPicked ? paths.verify : paths.chooseLevel;
    return <MeRedirect me={me} to={next.getHref()} />;
  }
  return (
    <AppShell forgetDevice={forgetDownloads}>
      <Outlet />
    </AppShell>
  );
}
