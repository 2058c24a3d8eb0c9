import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTerm } from '@app/contracts';
import { api } from '@/lib/api-client';

export const termsQueryKey = (courseId: number) => ['admin', 'terms', courseId] as const;

/** GET /admin/courses/{id}/terms: a course's terms in order. */
export async function getTerms(courseId: number): Promise<AdminTerm[]> {
  const { data } = await api.get<AdminTerm[]>(`/admin/courses/${courseId}/terms`);
  return data;
}

export const termsQueryOptions = (courseId: number) =>
  queryOptions({ queryKey: termsQueryKey(courseId), queryFn: () => getTerms(courseId) });

export const useTerms = (courseId: number) => useQuery(termsQueryOptions(courseId));
