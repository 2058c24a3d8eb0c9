import { sql } from 'drizzle-orm';
import type { Tx } from '@app/db';
import { courseQuizSetKey } from '../certificates/index.ts';

/**
 * One learner's quiz writes within a course take turns until the transaction ends: submissions
 * (so the certificate check sees every other subject's committed result; a free batch has no
 * purchase row to lock), retakes (so two retakes, or a retake and a submission, never both
 * act on the same current attempt). In the same statement it holds the course's quiz set shared,
 * so a catalogue change removing quizzes waits for these writes or they wait for it (lockCourseQuizSet).
 */
export async function lockLearnerCourse(tx: Tx, options: { userId: number; courseId: number }): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${options.userId}::int, ${options.courseId}::int), pg_advisory_xact_lock_shared(${courseQuizSetKey(options.courseId)})`,
  );
}
