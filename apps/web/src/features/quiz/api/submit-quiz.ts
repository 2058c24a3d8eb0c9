import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuizAnswer, QuizResult } from '@app/contracts';
import { api } from '@/lib/api-client';
import { quizQueryKey } from './get-quiz-question';

export interface SubmitQuizInput {
  subjectId: number;
  answers: QuizAnswer[];
}

/** POST /quiz/{subjectId}: every answer at once; the server grades and answers the result. */
export async function submitQuiz({ subjectId, answers }: SubmitQuizInput): Promise<QuizResult> {
  const { data } = await api.post<QuizResult>(`/quiz/${subjectId}`, { data: answers });
  return data;
}

export function useSubmitQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitQuiz,
    onSuccess: (_result, { subjectId }) => {
      queryClient.removeQueries({ queryKey: quizQueryKey(subjectId) });
      // A passed quiz may complete a certificate shown on My Courses.
      void queryClient.invalidateQueries({ queryKey: ['learn'], refetchType: 'none' });
    },
  });
}
