import { quizResultItem, type QuizResult } from '@app/contracts';
import type { QuizAttempt } from './draw-quiz.ts';

/** The stored result of a submitted attempt, as the API answers it. */
export function quizResultOf(attempt: QuizAttempt): QuizResult {
  if (!attempt.submittedAt) throw new Error('quiz attempt is not submitted');
  const result = quizResultItem.array().parse(attempt.result ?? []);
  return {
    total_mark: attempt.totalMark ?? 0,
    mark_in_percentage: Number(attempt.markInPercentage ?? 0),
    total_questions: result.length,
    submitted_at: attempt.submittedAt.toISOString(),
    result,
  };
}
