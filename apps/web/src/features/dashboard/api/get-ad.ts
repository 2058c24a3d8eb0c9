import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdData } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /ads: the banner image of the running ad; url is null when none runs. */
export async function getAd(): Promise<AdData> {
  const { data } = await api.get<AdData>('/ads');
  return data;
}

export const adQueryOptions = () => queryOptions({ queryKey: ['ads'], queryFn: getAd, staleTime: 10 * 60_000 });

export const useAd = () => useQuery(adQueryOptions());
