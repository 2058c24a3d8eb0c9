import type { ReferralDecisionData } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { heldReferralsQueryKey } from './get-held-referrals';
import { usersQueryKey } from './get-users';

/** POST /admin/referrals/{userId}/release: the sign-up counts for the referrer from now on. */
export const releaseReferral = (userId: number) => api.post<ReferralDecisionData>(`/admin/referrals/${userId}/release`);

export const useReleaseReferral = () =>
  useInvalidatingMutation(releaseReferral, [heldReferralsQueryKey, usersQueryKey]);
