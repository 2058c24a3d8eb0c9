import { sql } from 'drizzle-orm';
import type { Tx } from '@app/db';

/**
 * One learner's quiz writes within a course take turns until the transaction ends: submissions
 * (so the certificate check sees every other subject's committed result; a free batch has no
 * purchase row to lock) and retakes (so two retakes, or a retake and a submission, never both
 * act on the same current attempt).
 */
export async function lockLearnerCourse(tx: Tx, options: { userId: number; courseId: number }): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${options.userId}::int, ${options.courseId}::int)`);
}
