import type { AdminLearnerQuiz } from '@app/contracts';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '../../utils/invalidating-mutation';
import { userQuizzesQueryKey } from './get-user-quizzes';

/** POST /admin/users/{id}/quizzes/{subjectId}/another-attempt: one more attempt at one chapter quiz (audited). */
export const giveQuizAttempt = ({ userId, subjectId }: { userId: number; subjectId: number }) =>
  api.post<AdminLearnerQuiz>(`/admin/users/${userId}/quizzes/${subjectId}/another-attempt`);

export const useGiveQuizAttempt = (userId: number) =>
  useInvalidatingMutation(giveQuizAttempt, [userQuizzesQueryKey(userId), ['admin', 'audit']]);
