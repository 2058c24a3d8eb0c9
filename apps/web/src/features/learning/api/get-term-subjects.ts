import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubjectItem } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /term-subjects/{termId}: the term's subjects with their file links (signed, valid a few hours). */
export async function getTermSubjects(termId: number): Promise<SubjectItem[]> {
  const { data } = await api.get<SubjectItem[]>(`/term-subjects/${termId}`);
  return data;
}

export const termSubjectsQueryOptions = (termId: number) =>
  queryOptions({ queryKey: ['term-subjects', termId], queryFn: () => getTermSubjects(termId), staleTime: 30 * 60_000 });

export const useTermSubjects = (termId: number) => useQuery(termSubjectsQueryOptions(termId));
