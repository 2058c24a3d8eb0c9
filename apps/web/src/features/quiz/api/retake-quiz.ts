import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuizRetakeData } from '@app/contracts';
import { api } from '@/lib/api-client';
import { clearQuizSession } from '../utils/quiz-session';
import { quizQueryKey } from './get-quiz-question';

/** POST /quiz/{subjectId}/retake: starts the next attempt (400 with the reason when not allowed). */
export async function retakeQuiz(subjectId: number): Promise<QuizRetakeData> {
  const { data } = await api.post<QuizRetakeData>(`/quiz/${subjectId}/retake`);
  return data;
}

/** `learner`: whose saved answers to drop (utils/quiz-session.ts). */
export function useRetakeQuiz(learner: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retakeQuiz,
    // Refused or not, what is cached may be stale: the result's retake status, or (after a retake)
    // the previous attempt altogether, whose questions the saved answers also name.
    onSettled: async (_data, _error, subjectId) => {
      clearQuizSession(learner, subjectId);
      await queryClient.resetQueries({ queryKey: quizQueryKey(subjectId) });
    },
  });
}
