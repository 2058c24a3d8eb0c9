import type { UseQueryResult } from '@tanstack/react-query';
import type { MeData } from '@app/contracts';
import { Navigate } from 'react-router';
import { isMeConfirmed } from '@/lib/auth/get-me';
import { LoadingOverlay } from '@/components/ui/loading-overlay';

/**
 * An onboarding guard's way out: sends the learner to `to`, but only on a GET /me this visit has confirmed
 * (isMeConfirmed). A /me kept on the device from before the learner verified waits here, as a loading page, for
 * the fresh one instead of sending them back into onboarding.
 */
export function MeRedirect({ me, to }: { me: UseQueryResult<MeData>; to: string }) {
  return isMeConfirmed(me) ? <Navigate to={to} replace /> : <LoadingOverlay />;
}
