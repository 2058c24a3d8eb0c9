import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminQuestion } from '@app/contracts';
import { api } from '@/lib/api-client';

export const questionsQueryKey = (subjectId: number) => ['admin', 'questions', subjectId] as const;

/** GET /admin/subjects/{id}/questions: a chapter's question bank. */
export async function getQuestions(subjectId: number): Promise<AdminQuestion[]> {
  const { data } = await api.get<AdminQuestion[]>(`/admin/subjects/${subjectId}/questions`);
  return data;
}

export const questionsQueryOptions = (subjectId: number) =>
  queryOptions({ queryKey: questionsQueryKey(subjectId), queryFn: () => getQuestions(subjectId) });

export const useQuestions = (subjectId: number) => useQuery(questionsQueryOptions(subjectId));
