import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IdNameItem } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /syllabus */
export async function getSyllabuses(): Promise<IdNameItem[]> {
  const { data } = await api.get<IdNameItem[]>('/syllabus');
  return data;
}

export const syllabusesQueryOptions = () =>
  queryOptions({ queryKey: ['syllabuses'], queryFn: getSyllabuses, staleTime: 10 * 60_000 });

export const useSyllabuses = () => useQuery(syllabusesQueryOptions());
