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
 * (submissions, retakes and a payment's, which hold it shared through lockLearnerCourse) has then
 * either committed, and is seen by the issuing that follows the change, or waits and then sees the
 * smaller set. Without it, a learner's last submission racing the removal would be judged against
 * the old set by both sides and get no certificate.
 */
export async function lockCourseQuizSet(tx: Tx, courseId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${courseQuizSetKey(courseId)})`);
}
