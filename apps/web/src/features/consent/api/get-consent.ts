import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsentData } from '@app/contracts';
import { api } from '@/lib/api-client';
import { consentQueryKey } from '@/lib/consent/consent-query-key';

export { consentQueryKey };

/** GET /consent: whether money actions are open, and if not, the next step (date of birth, a guardian). */
export async function getConsent(): Promise<ConsentData> {
  return (await api.get<ConsentData>('/consent')).data;
}

/** Read again on every money screen: a guardian may have withdrawn consent since (the server refuses anyway). */
export const consentQueryOptions = () => queryOptions({ queryKey: consentQueryKey, queryFn: getConsent, staleTime: 0 });

export const useConsent = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...consentQueryOptions(), enabled: options.enabled ?? true });
