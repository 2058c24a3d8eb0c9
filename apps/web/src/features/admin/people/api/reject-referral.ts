import type { ReferralDecisionData } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { heldReferralsQueryKey } from './get-held-referrals';
import { usersQueryKey } from './get-users';

/** POST /admin/referrals/{userId}/reject: the sign-up never counts for the referrer. */
export const rejectReferral = (userId: number) => api.post<ReferralDecisionData>(`/admin/referrals/${userId}/reject`);

export const useRejectReferral = () => useInvalidatingMutation(rejectReferral, [heldReferralsQueryKey, usersQueryKey]);
