import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ledgerDescription, quizMessages, type QuizAnswer, type QuizResult } from '@app/contracts';
import { questions, quizAttempts } from '@app/db';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { holdCourseAccess } from '../purchases/index.ts';
import { issueCertificateIfComplete } from '../certificates/index.ts';
import { creditQuizPoints } from './credit-quiz-points.ts';
import { findQuizAttempt } from './draw-quiz.ts';
import { findQuizSubject } from './find-quiz-subject.ts';
import { gradeQuiz } from './grade-quiz.ts';
import { lockLearnerCourse } from './lock-learner-course.ts';
import { quizResultOf } from './quiz-result-of.ts';
import { quizStanding } from './quiz-standing.ts';

/**
 * POST /quiz/{subjectId}: grades the learner's current attempt, stores the result, credits Quiz
 * Points (only for the first attempt, and only when the course, or its batch, was paid for above
 * zero) and issues the course certificate when this was the last quiz passed, all in one
 * transaction. A second submission of the same attempt, even a concurrent one, answers 400 and
 * changes nothing.
 */
export async function submitQuiz(
  ctx: AppContext,
  options: { userId: number; subjectId: number; answers: QuizAnswer[] },
): Promise<QuizResult> {
  const subject = await findQuizSubject(ctx.db, options);
  const now = ctx.now();

  return ctx.db.transaction(async (tx) => {
    // Access is read again under the lock, so a refund that landed since the check above closes the quiz,
    // and the purchase is held so that a refund being written now cannot miss the points credited below.
    await lockLearnerCourse(tx, { userId: options.userId, courseId: subject.courseId });
    const access = await holdCourseAccess(tx, options.userId, subject.courseId);

    const attempt = await findQuizAttempt(tx, options);
    if (attempt?.submittedAt) throw AppError.badRequest(quizMessages.alreadySubmitted);
    const drawnIds = attempt?.questionIds ?? [];
    const bank = drawnIds.length ? await tx.select().from(questions).where(inArray(questions.id, drawnIds)) : [];
    const graded = gradeQuiz({ drawnIds, questions: bank, answers: options.answers });
    if (!attempt) throw AppError.field('data', quizMessages.questionNotInQuiz);

    const [stored] = await tx
      .update(quizAttempts)
      .set({
        submittedAt: now,
        totalMark: graded.totalMark,
        markInPercentage: graded.markInPercentage.toFixed(2),
        result: graded.items,
      })
      .where(and(eq(quizAttempts.id, attempt.id), isNull(quizAttempts.submittedAt)))
      .returning();
    if (!stored) throw AppError.badRequest(quizMessages.alreadySubmitted);

    // Points for the first attempt only: a retake (which needs attempt 1 submitted) never earns any, or retaking
    // would farm points; and never worth more than the purchase (docs/product/learning-and-quizzes.md#quiz-points).
    if (access.isPaidAboveZero && access.purchaseId !== null && stored.attemptNumber === 1) {
      await creditQuizPoints(tx, {
        userId: options.userId,
        points: graded.totalMark,
        description: ledgerDescription('quiz', {
          subject: subject.name,
          mark: graded.totalMark,
          total: graded.items.length,
        }),
        purchase: { id: access.purchaseId, amountPaise: access.amountPaise, paidAt: access.paidAt },
        now,
      });
    }
    // The best attempt counts: a passing retake completes the certificate, a failing one takes nothing away.
    await issueCertificateIfComplete(tx, {
      userId: options.userId,
      courseId: subject.courseId,
      purchaseId: access.purchaseId,
      now,
    });
    return quizResultOf(stored, await quizStanding(tx, { ...options, now }));
  });
}
