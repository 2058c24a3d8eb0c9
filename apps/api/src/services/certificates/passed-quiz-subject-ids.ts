import { and, countDistinct, eq, gte, inArray, isNotNull, notExists, sql, type SQL } from 'drizzle-orm';
import { certificates, quizAttempts, type DbOrTx } from '@app/db';
import { getSetting } from '../settings/index.ts';

/** A passed attempt: submitted, at or above the pass mark. */
async function passedAttempt(db: DbOrTx): Promise<SQL> {
  const passMark = await getSetting(db, 'pass_mark_percent');
  return and(isNotNull(quizAttempts.submittedAt), gte(quizAttempts.markInPercentage, sql`${passMark}::numeric`))!;
}

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
  const rows = await db
    .selectDistinct({ subjectId: quizAttempts.subjectId })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, options.userId),
        inArray(quizAttempts.subjectId, options.subjectIds),
        await passedAttempt(db),
      ),
    );
  return new Set(rows.map((row) => row.subjectId));
}

/**
 * The learners who passed every one of these quizzes (the same rule) and hold no certificate of
 * the course yet: those a smaller quiz set has just completed. One statement for any number of learners.
 */
export async function learnersWhoPassedEvery(
  db: DbOrTx,
  options: { subjectIds: number[]; withoutCertificateOf: number },
): Promise<number[]> {
  if (options.subjectIds.length === 0) return [];
  const rows = await db
    .select({ userId: quizAttempts.userId })
    .from(quizAttempts)
    .where(
      and(
        inArray(quizAttempts.subjectId, options.subjectIds),
        await passedAttempt(db),
        notExists(
          db
            .select({ one: sql`1` })
            .from(certificates)
            .where(
              and(
                eq(certificates.userId, quizAttempts.userId),
                eq(certificates.courseId, options.withoutCertificateOf),
              ),
            ),
        ),
      ),
    )
    .groupBy(quizAttempts.userId)
    .having(sql`${countDistinct(quizAttempts.subjectId)} = ${options.subjectIds.length}`)
    .orderBy(quizAttempts.userId);
  return rows.map((row) => row.userId);
}
