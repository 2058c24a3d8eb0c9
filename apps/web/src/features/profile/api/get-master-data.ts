import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MasterData } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /master: countries, genders and marital statuses for the profile's choices. */
export async function getMasterData(): Promise<MasterData> {
  const { data } = await api.get<MasterData>('/master');
  return data;
}

export const masterDataQueryOptions = () =>
  queryOptions({ queryKey: ['master'], queryFn: getMasterData, staleTime: 60 * 60_000 });

export const useMasterData = () => useQuery(masterDataQueryOptions());
