import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContinueData } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /continue: the chapter studied last (in a course the learner still has), or null. */
export async function getContinue(): Promise<ContinueData> {
  const { data } = await api.get<ContinueData>('/continue');
  return data;
}

export const continueQueryKey = ['continue'] as const;

/**
 * Fresh for 10 s: the dashboard's loader asks for it on every visit, and the page then uses that answer instead of
 * asking again as it mounts (it did with no fresh time: two requests a visit). Studying a chapter invalidates it
 * (record-progress.ts).
 */
export const continueQueryOptions = () =>
  queryOptions({ queryKey: continueQueryKey, queryFn: getContinue, staleTime: 10_000 });

export const useContinue = () => useQuery(continueQueryOptions());
