import { and, eq } from 'drizzle-orm';
import { purchases, type DbOrTx } from '@app/db';
import { AppError } from '../../lib/app-error.ts';

/** True when the user holds a paid purchase of the course. */
export async function hasPaidCourse(db: DbOrTx, userId: number, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.courseId, courseId), eq(purchases.status, 'paid')))
    .limit(1);
  return Boolean(row);
}

/** Course content is for buyers only: 403 otherwise. */
export async function assertPaidCourse(db: DbOrTx, userId: number, courseId: number): Promise<void> {
  if (!(await hasPaidCourse(db, userId, courseId))) throw AppError.forbidden('Buy this course to open it.');
}
