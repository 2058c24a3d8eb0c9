import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuizQuestionOrResult } from '@app/contracts';
import { api } from '@/lib/api-client';

/** GET /quiz/{subjectId}/{n}: question n, or the stored result once the quiz is submitted. */
export async function getQuizQuestion(subjectId: number, n: number): Promise<QuizQuestionOrResult> {
  const { data } = await api.get<QuizQuestionOrResult>(`/quiz/${subjectId}/${n}`);
  return data;
}

export const quizQueryKey = (subjectId: number) => ['quiz', subjectId] as const;

/** A learner's questions are drawn once and stay fixed, so a fetched one never goes stale. */
export const quizQuestionQueryOptions = (subjectId: number, n: number) =>
  queryOptions({
    queryKey: [...quizQueryKey(subjectId), n],
    queryFn: () => getQuizQuestion(subjectId, n),
    staleTime: Infinity,
  });

export const useQuizQuestion = (subjectId: number, n: number) => useQuery(quizQuestionQueryOptions(subjectId, n));
