import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { quizAttempts, type DbOrTx } from '@app/db';
import { getSetting } from '../settings/index.ts';

/**
 * The subjects (of those asked about) whose quiz the learner has passed: any submitted attempt at
 * or above the pass mark (40% by default) counts, so the best attempt is the one that matters.
 * The one rule for a passed quiz: the certificate and course progress both read it here.
 */
export async function passedQuizSubjectIds(
  db: DbOrTx,
  options: { userId: number; subjectIds: number[] },
): Promise<Set<number>> {
  if (options.subjectIds.length === 0) return new Set();
  const passMark = await getSetting(db, 'pass_mark_percent');
  const rows = await db
    .selectDistinct({ subjectId: quizAttempts.subjectId })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, options.userId),
        inArray(quizAttempts.subjectId, options.subjectIds),
        isNotNull(quizAttempts.submittedAt),
        gte(quizAttempts.markInPercentage, sql`${passMark}::numeric`),
      ),
    );
  return new Set(rows.map((row) => row.subjectId));
}
