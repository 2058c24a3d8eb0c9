import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSubject } from '@app/contracts';
import { api } from '@/lib/api-client';

export const subjectsQueryKey = (termId: number) => ['admin', 'subjects', termId] as const;

/** GET /admin/terms/{id}/subjects: a term's chapters in order. */
export async function getSubjects(termId: number): Promise<AdminSubject[]> {
  const { data } = await api.get<AdminSubject[]>(`/admin/terms/${termId}/subjects`);
  return data;
}

export const subjectsQueryOptions = (termId: number) =>
  queryOptions({ queryKey: subjectsQueryKey(termId), queryFn: () => getSubjects(termId) });

export const useSubjects = (termId: number) => useQuery(subjectsQueryOptions(termId));
