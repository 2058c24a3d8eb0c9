import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContinueData } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /continue: the chapter studied last (in a course the learner still has), or null. */
export async function getContinue(): Promise<ContinueData> {
  const { data } = await api.get<ContinueData>('/continue');
  return data;
}

export const continueQueryKey = ['continue'] as const;

export const continueQueryOptions = () =>
  queryOptions({ queryKey: continueQueryKey, queryFn: getContinue, staleTime: 0 });

export const useContinue = () => useQuery(continueQueryOptions());
