import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAd } from '@app/contracts';
import { api } from '@/lib/api-client';

export const adsQueryKey = ['admin', 'ads'] as const;

/** GET /admin/ads */
export async function getAds(): Promise<AdminAd[]> {
  const { data } = await api.get<AdminAd[]>('/admin/ads');
  return data;
}

export const adsQueryOptions = () => queryOptions({ queryKey: adsQueryKey, queryFn: getAds });

export const useAds = () => useQuery(adsQueryOptions());
