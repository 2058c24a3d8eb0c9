import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminLevel } from '@app/contracts';
import { api } from '@/lib/api-client';

export const levelsQueryKey = ['admin', 'levels'] as const;

/** GET /admin/levels: the referral level ladder. */
export async function getLevels(): Promise<AdminLevel[]> {
  const { data } = await api.get<AdminLevel[]>('/admin/levels');
  return data;
}

export const levelsQueryOptions = () => queryOptions({ queryKey: levelsQueryKey, queryFn: getLevels });

export const useLevels = () => useQuery(levelsQueryOptions());
