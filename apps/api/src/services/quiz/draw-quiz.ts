import { and, eq, sql } from 'drizzle-orm';
import { QUIZ_LENGTH, quizMessages } from '@app/contracts';
import { questions, quizAttempts, type DbOrTx } from '@app/db';
import { AppError } from '../../lib/app-error.ts';

export type QuizAttempt = typeof quizAttempts.$inferSelect;

export async function findQuizAttempt(db: DbOrTx, options: { userId: number; subjectId: number }): Promise<QuizAttempt | undefined> {
  const [attempt] = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, options.userId), eq(quizAttempts.subjectId, options.subjectId)))
    .limit(1);
  return attempt;
}

/**
 * The learner's quiz for a subject, drawn on first use: QUIZ_LENGTH questions at random from the
 * bank (all of them when it holds fewer), fixed from then on. Two first calls at once may both draw,
 * but ON CONFLICT keeps only the first draw and both answer it.
 */
export async function drawQuiz(db: DbOrTx, options: { userId: number; subjectId: number; now: Date }): Promise<QuizAttempt> {
  const existing = await findQuizAttempt(db, options);
  if (existing) return existing;

  const drawn = await db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.subjectId, options.subjectId))
    .orderBy(sql`random()`)
    .limit(QUIZ_LENGTH);
  if (drawn.length === 0) throw AppError.notFound(quizMessages.noQuestions);

  await db
    .insert(quizAttempts)
    .values({
      userId: options.userId,
      subjectId: options.subjectId,
      questionIds: drawn.map((q) => q.id),
      createdAt: options.now,
    })
    .onConflictDoNothing({ target: [quizAttempts.userId, quizAttempts.subjectId, quizAttempts.attemptNumber] });

  const attempt = await findQuizAttempt(db, options);
  if (!attempt) throw new Error('quiz attempt vanished right after it was drawn');
  return attempt;
}
