import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IdNameItem } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /standard/{syllabusId} */
export async function getStandards(syllabusId: number): Promise<IdNameItem[]> {
  const { data } = await api.get<IdNameItem[]>(`/standard/${syllabusId}`);
  return data;
}

export const standardsQueryOptions = (syllabusId: number) =>
  queryOptions({
    queryKey: ['standards', syllabusId],
    queryFn: () => getStandards(syllabusId),
    staleTime: 10 * 60_000,
  });

/** Waits until a syllabus is chosen. */
export const useStandards = (syllabusId: number | null) =>
  useQuery({ ...standardsQueryOptions(syllabusId ?? 0), enabled: syllabusId !== null });
