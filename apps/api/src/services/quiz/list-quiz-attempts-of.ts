import type { QuizAttemptsData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { findQuizSubject } from './find-quiz-subject.ts';
import { quizAttemptSummaryOf } from './quiz-result-of.ts';
import { quizStanding } from './quiz-standing.ts';

/** GET /quiz/{subjectId}/attempts: the learner's attempts with their marks, and whether a retake may start. */
export async function listQuizAttemptsOf(
  ctx: AppContext,
  options: { userId: number; subjectId: number },
): Promise<QuizAttemptsData> {
  await findQuizSubject(ctx.db, options);
  const standing = await quizStanding(ctx.db, { ...options, now: ctx.now() });
  return {
    attempts: standing.attempts.map(quizAttemptSummaryOf),
    attempts_used: standing.attempts.length,
    max_attempts: standing.maxAttempts,
    best_mark_in_percentage: standing.bestMarkInPercentage,
    pass_mark_percent: standing.passMarkPercent,
    retake: standing.retake,
  };
}
