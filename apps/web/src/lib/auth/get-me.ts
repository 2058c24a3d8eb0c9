import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeData } from '@app/contracts';
import { api } from '@/lib/api-client';
import { saveProfile } from '@/lib/token-storage';
import { meQueryKey } from './me-query-key';
import { syncLanguage } from './save-language';

export { meQueryKey };

/** GET /me: who is signed in. Used by the shell, onboarding and every feature that needs the name. */
export async function getMe(): Promise<MeData> {
  const { data } = await api.get<MeData>('/me');
  saveProfile(data);
  return syncLanguage(data);
}

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe });

export const useMe = () => useQuery(meQueryOptions());
