import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminLearnerQuiz } from '@app/contracts';
import { api } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

export const userQuizzesQueryKey = (id: number) => [...usersQueryKey, id, 'quizzes'] as const;

/** GET /admin/users/{id}/quizzes: the chapter quizzes the learner has started, with attempts used and allowed. */
export async function getUserQuizzes(id: number): Promise<AdminLearnerQuiz[]> {
  const { data } = await api.get<AdminLearnerQuiz[]>(`/admin/users/${id}/quizzes`);
  return data;
}

export const useUserQuizzes = (id: number) =>
  useQuery(queryOptions({ queryKey: userQuizzesQueryKey(id), queryFn: () => getUserQuizzes(id) }));
