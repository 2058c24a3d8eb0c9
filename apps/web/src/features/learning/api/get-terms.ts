import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TermItem } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /terms/{courseId}: the course's terms with their subjects (buyers only). */
export async function getTerms(courseId: number): Promise<TermItem[]> {
  const { data } = await api.get<TermItem[]>(`/terms/${courseId}`);
  return data;
}

export const termsQueryOptions = (courseId: number) =>
  queryOptions({ queryKey: ['terms', courseId], queryFn: () => getTerms(courseId) });

export const useTerms = (courseId: number) => useQuery(termsQueryOptions(courseId));
