import { quizMessages, type QuizRetakeData } from '@app/contracts';
import { quizAttempts } from '@app/db';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertCourseAccess } from '../purchases/index.ts';
import { drawQuestionIds } from './draw-quiz.ts';
import { findQuizSubject } from './find-quiz-subject.ts';
import { lockLearnerCourse } from './lock-learner-course.ts';
import { quizStanding } from './quiz-standing.ts';

/**
 * POST /quiz/{subjectId}/retake: starts the next attempt when the retake rule allows it (400 with
 * the reason otherwise), drawing first the questions the learner was never asked in this quiz,
 * then those asked longest ago (drawQuestionIds). Under the learner's course lock, shared with submissions: of several retakes
 * at once one starts the attempt and the others find it unsubmitted; a retake racing a submission
 * sees the attempt either unsubmitted (and refuses) or with its result stored, so none is lost.
 */
export async function retakeQuiz(
  ctx: AppContext,
  options: { userId: number; subjectId: number },
): Promise<QuizRetakeData> {
  const subject = await findQuizSubject(ctx.db, options);
  const now = ctx.now();

  return ctx.db.transaction(async (tx) => {
    await lockLearnerCourse(tx, { userId: options.userId, courseId: subject.courseId });
    await assertCourseAccess(tx, options.userId, subject.courseId);

    const standing = await quizStanding(tx, { ...options, now });
    const previous = standing.attempts.at(-1);
    if (!standing.retake.allowed || !previous)
      throw AppError.badRequest(standing.retake.reason ?? quizMessages.retakeNotStarted);

    const questionIds = await drawQuestionIds(tx, options);
    const attemptNumber = previous.attemptNumber + 1;
    await tx
      .insert(quizAttempts)
      .values({ userId: options.userId, subjectId: options.subjectId, attemptNumber, questionIds, createdAt: now });
    return {
      attempt: attemptNumber,
      total_questions: questionIds.length,
      attempts_used: standing.attempts.length + 1,
      max_attempts: standing.maxAttempts,
    };
  });
}
