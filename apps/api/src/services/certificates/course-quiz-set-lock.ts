import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '@app/db';

/**
 * The advisory lock key of a course's quiz set: the single-bigint key space (lockLearnerCourse uses
 * the two-int one, which never overlaps it), 'quiz' in the high 32 bits, the course id below.
 */
export const courseQuizSetKey = (courseId: number): SQL => sql`((x'71756973'::bigint << 32) + ${courseId}::bigint)`;

/**
 * A catalogue change that removes quizzes from a course (a subject, a term, a subject's last question)
 * takes its course's quiz set for itself until it commits: every certificate check of the course
 * (submissions and retakes hold it shared through lockLearnerCourse, a payment's through
 * holdCourseQuizSet) has then
 * either committed, and is seen by the issuing that follows the change, or waits and then sees the
 * smaller set. Without it, a learner's last submission racing the removal would be judged against
 * the old set by both sides and get no certificate.
 */
export async function lockCourseQuizSet(tx: Tx, courseId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${courseQuizSetKey(courseId)})`);
}

/** The course's quiz set held shared until the transaction ends, for a certificate check outside a quiz write (a payment's). */
export async function holdCourseQuizSet(tx: Tx, courseId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${courseQuizSetKey(courseId)})`);
}
