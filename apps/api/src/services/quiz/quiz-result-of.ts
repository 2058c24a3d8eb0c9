import { quizResultItem, type QuizAttemptSummary, type QuizResult } from '@app/contracts';
import type { QuizAttempt } from './draw-quiz.ts';
import type { QuizStanding } from './quiz-standing.ts';

/** An attempt's marks, as GET /quiz/{id}/attempts lists them (null until submitted). */
export function quizAttemptSummaryOf(attempt: QuizAttempt): QuizAttemptSummary {
  return {
    attempt: attempt.attemptNumber,
    submitted_at: attempt.submittedAt?.toISOString() ?? null,
    total_mark: attempt.submittedAt ? (attempt.totalMark ?? 0) : null,
    mark_in_percentage: attempt.submittedAt ? Number(attempt.markInPercentage ?? 0) : null,
    total_questions:
      attempt.submittedAt && Array.isArray(attempt.result) ? attempt.result.length : attempt.questionIds.length,
  };
}

/** The graded items stored at submission; results stored before explanations existed get null. */
function storedItems(attempt: QuizAttempt) {
  const items = Array.isArray(attempt.result) ? (attempt.result as Record<string, unknown>[]) : [];
  return quizResultItem.array().parse(items.map((item) => ({ explanation: null, ...item })));
}

/** The stored result of a submitted attempt with the learner's standing, as the API answers it. */
export function quizResultOf(attempt: QuizAttempt, standing: QuizStanding): QuizResult {
  if (!attempt.submittedAt) throw new Error('quiz attempt is not submitted');
  const result = storedItems(attempt);
  return {
    total_mark: attempt.totalMark ?? 0,
    mark_in_percentage: Number(attempt.markInPercentage ?? 0),
    total_questions: result.length,
    submitted_at: attempt.submittedAt.toISOString(),
    result,
    attempt: attempt.attemptNumber,
    attempts_used: standing.attempts.length,
    max_attempts: standing.maxAttempts,
    best_mark_in_percentage: standing.bestMarkInPercentage ?? Number(attempt.markInPercentage ?? 0),
    pass_mark_percent: standing.passMarkPercent,
    retake: standing.retake,
  };
}
