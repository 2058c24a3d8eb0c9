import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
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
 * QUIZ_LENGTH question ids at random from the subject's bank (all of them when it holds fewer),
 * taking those not in `avoid` first and filling up with the rest, in random order.
 */
export async function drawQuestionIds(db: DbOrTx, options: { subjectId: number; avoid: number[] }): Promise<number[]> {
  const picked = db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.subjectId, options.subjectId))
    // false sorts before true: the questions to avoid come last, so they fill up only what is missing.
    // (No key when there is nothing to avoid: inArray of [] is the constant false, which ORDER BY refuses.)
    .orderBy(...(options.avoid.length > 0 ? [inArray(questions.id, options.avoid)] : []), sql`random()`)
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

  const questionIds = await drawQuestionIds(db, { subjectId: options.subjectId, avoid: [] });
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
