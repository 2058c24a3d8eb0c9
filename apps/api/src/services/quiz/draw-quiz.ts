import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { QUIZ_LENGTH, quizMessages } from '@app/contracts';
import { questions, quizAttempts, type DbOrTx } from '@app/db';
import { AppError } from '../../lib/app-error.ts';

export type QuizAttempt = typeof quizAttempts.$inferSelect;

const ofLearner = (options: { userId: number; subjectId: number }) =>
  and(eq(quizAttempts.userId, options.userId), eq(quizAttempts.subjectId, options.subjectId));

/** The current attempt: the one with the highest number (each retake adds one). */
export async function findQuizAttempt(
  db: DbOrTx,
  options: { userId: number; subjectId: number },
): Promise<QuizAttempt | undefined> {
  const [attempt] = await db
    .select()
    .from(quizAttempts)
    .where(ofLearner(options))
    .orderBy(desc(quizAttempts.attemptNumber))
    .limit(1);
  return attempt;
}

/** Every attempt of the learner at the subject's quiz, oldest first. */
export function listQuizAttempts(db: DbOrTx, options: { userId: number; subjectId: number }): Promise<QuizAttempt[]> {
  return db.select().from(quizAttempts).where(ofLearner(options)).orderBy(asc(quizAttempts.attemptNumber));
}

/**
 * QUIZ_LENGTH question ids from the subject's bank (all of them when it holds fewer), in random order: first the
 * questions never asked in any of the learner's attempts at this quiz, then those last asked longest ago (by the
 * latest attempt that held them), at random among equals. Every earlier attempt counts, not only the previous one:
 * a result shows each correct answer, so a question seen recently is one the learner may simply copy
 * (decision 062). With a bank of 12, attempt 2 holds the 2 questions attempt 1 did not ask and 8 of attempt 1's;
 * attempt 3 the 2 of attempt 1's that attempt 2 did not repeat and 8 of attempt 2's.
 */
export async function drawQuestionIds(db: DbOrTx, options: { userId: number; subjectId: number }): Promise<number[]> {
  // The number of the latest attempt that asked the question; null when none did (those sort first).
  const lastAsked = sql`(
    SELECT max(${quizAttempts.attemptNumber}) FROM ${quizAttempts}
    WHERE ${quizAttempts.userId} = ${options.userId} AND ${quizAttempts.subjectId} = ${options.subjectId}
      AND ${questions.id} = ANY(${quizAttempts.questionIds})
  )`;
  const picked = db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.subjectId, options.subjectId))
    .orderBy(sql`${lastAsked} ASC NULLS FIRST`, sql`random()`)
    .limit(QUIZ_LENGTH)
    .as('picked');
  // Shuffled again, or the repeated questions would always be the last ones asked.
  const drawn = await db
    .select({ id: picked.id })
    .from(picked)
    .orderBy(sql`random()`);
  if (drawn.length === 0) throw AppError.notFound(quizMessages.noQuestions);
  return drawn.map((q) => q.id);
}

/**
 * The learner's current quiz for a subject, drawn on first use: attempt 1, fixed from then on
 * (a retake draws the next one, see retake-quiz.ts). Two first calls at once may both draw, but
 * ON CONFLICT keeps only the first draw and both answer it.
 */
export async function drawQuiz(
  db: DbOrTx,
  options: { userId: number; subjectId: number; now: Date },
): Promise<QuizAttempt> {
  const existing = await findQuizAttempt(db, options);
  if (existing) return existing;

  const questionIds = await drawQuestionIds(db, options);
  await db
    .insert(quizAttempts)
    .values({
      userId: options.userId,
      subjectId: options.subjectId,
      attemptNumber: 1,
      questionIds,
      createdAt: options.now,
    })
    .onConflictDoNothing({ target: [quizAttempts.userId, quizAttempts.subjectId, quizAttempts.attemptNumber] });

  const attempt = await findQuizAttempt(db, options);
  if (!attempt) throw new Error('quiz attempt vanished right after it was drawn');
  return attempt;
}
