import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LearnData } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /learn: the learner's courses (with progress and certificate) and school subjects. */
export async function getLearn(): Promise<LearnData> {
  const { data } = await api.get<LearnData>('/learn');
  return data;
}

export const learnQueryKey = ['learn'] as const;

export const learnQueryOptions = () => queryOptions({ queryKey: learnQueryKey, queryFn: getLearn });

export const useLearn = () => useQuery(learnQueryOptions());
