import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { MeData } from '@app/contracts';
import { api } from '@/lib/api-client';
import { forgetOtherLearners, rememberLearner } from '@/lib/learner-storage';
import { saveProfile } from '@/lib/token-storage';
import { meQueryKey } from './me-query-key';
import { syncLanguage } from './save-language';

export { meQueryKey };

/**
 * GET /me: who is signed in. Used by the shell, onboarding and every feature that needs the name. A learner other
 * than the one before on this device finds nothing the earlier one kept (lib/learner-storage.ts; their chapters saved
 * for offline: features/learning/offline/learner-chapters.ts, in the shell).
 */
export async function getMe(): Promise<MeData> {
  const { data } = await api.get<MeData>('/me');
  saveProfile(data);
  rememberLearner(data.referral_code);
  forgetOtherLearners(data.referral_code);
  return syncLanguage(data);
}

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe });

export const useMe = () => useQuery(meQueryOptions());

/**
 * Whether `me` may send the learner elsewhere (the onboarding guards). A /me kept on the device from an earlier visit
 * (lib/query-persistence.ts, decision 029) is drawn at once but is stale: it may say "not verified" about a learner
 * who has verified since. Only this visit's answer, or the kept one when the request has failed (offline), decides.
 */
export const isMeConfirmed = (me: UseQueryResult<MeData>): boolean => !me.isPending && !(me.isStale && me.isFetching);
