import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgressData } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /progress/{courseId}: the last subject opened, its video position, and what is studied. */
export async function getProgress(courseId: number): Promise<ProgressData> {
  const { data } = await api.get<ProgressData>(`/progress/${courseId}`);
  return data;
}

export const progressQueryKey = (courseId: number) => ['progress', courseId] as const;

export const progressQueryOptions = (courseId: number) =>
  queryOptions({ queryKey: progressQueryKey(courseId), queryFn: () => getProgress(courseId), staleTime: 0 });

export const useProgress = (courseId: number) => useQuery(progressQueryOptions(courseId));
