import { eq } from 'drizzle-orm';
import { quizMessages, type QuizQuestionOrResult } from '@app/contracts';
import { questions } from '@app/db';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { drawQuiz } from './draw-quiz.ts';
import { findQuizSubject } from './find-quiz-subject.ts';
import { questionOptions } from './question-options.ts';
import { quizResultOf } from './quiz-result-of.ts';
import { quizStanding } from './quiz-standing.ts';

/**
 * GET /quiz/{subjectId}/{n}: question n of the learner's current attempt (attempt 1 is drawn on
 * first call, a retake draws the next), without its correct option; once that attempt is
 * submitted, its stored result instead, whatever n is.
 */
export async function getQuizQuestion(
  ctx: AppContext,
  options: { userId: number; subjectId: number; n: number },
): Promise<QuizQuestionOrResult> {
  await findQuizSubject(ctx.db, options);
  const now = ctx.now();
  const attempt = await drawQuiz(ctx.db, { ...options, now });
  if (attempt.submittedAt) return quizResultOf(attempt, await quizStanding(ctx.db, { ...options, now }));

  const questionId = attempt.questionIds[options.n - 1];
  if (questionId === undefined) throw AppError.notFound(quizMessages.questionNotFound);
  const [question] = await ctx.db.select().from(questions).where(eq(questions.id, questionId)).limit(1);
  if (!question) throw AppError.notFound(quizMessages.questionNotFound);

  const [option1, option2, option3, option4, option5] = questionOptions(question);
  return {
    id: question.id,
    question: question.question,
    option_1: option1 ?? '',
    option_2: option2 ?? '',
    option_3: option3 ?? null,
    option_4: option4 ?? null,
    option_5: option5 ?? null,
    question_number: options.n,
    total_questions: attempt.questionIds.length,
  };
}
