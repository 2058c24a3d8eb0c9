import { and, eq, or } from 'drizzle-orm';
import { courses, purchases, type DbOrTx } from '@app/db';
import { AppError } from '../../lib/app-error.ts';

/**
 * The paid purchase that opens a course to a learner: a purchase of the course itself, else a
 * paid fee of the school batch the course belongs to. Null when the learner has neither.
 */
export async function findCourseAccess(
  db: DbOrTx,
  userId: number,
  courseId: number,
): Promise<{ purchaseId: number; via: 'course' | 'batch' } | null> {
  const rows = await db
    .select({ id: purchases.id, courseId: purchases.courseId })
    .from(purchases)
    .innerJoin(courses, eq(courses.id, courseId))
    .where(and(
      eq(purchases.userId, userId),
      eq(purchases.status, 'paid'),
      or(eq(purchases.courseId, courseId), eq(purchases.batchId, courses.batchId)),
    ));
  const own = rows.find((r) => r.courseId === courseId) ?? rows[0];
  if (!own) return null;
  return { purchaseId: own.id, via: own.courseId === courseId ? 'course' : 'batch' };
}

/** True when the user holds a paid purchase of the course (or of the batch it belongs to). */
export async function hasPaidCourse(db: DbOrTx, userId: number, courseId: number): Promise<boolean> {
  return (await findCourseAccess(db, userId, courseId)) !== null;
}

/** Course content is for buyers only: 403 otherwise. */
export async function assertPaidCourse(db: DbOrTx, userId: number, courseId: number): Promise<void> {
  if (!(await hasPaidCourse(db, userId, courseId))) throw AppError.forbidden('Buy this course to open it.');
}
