import { and, eq } from 'drizzle-orm';
import { courses } from '@app/db';
import { catalogueMessages, type CourseItem } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../accounts/index.ts';
import { findOwnBatch } from '../onboarding/index.ts';
import { findCourseAccess } from '../purchases/index.ts';
import { courseItemColumns, toCourseItem, type CourseItemRow } from './to-course-item.ts';

export type PublishedCourse = CourseItemRow & { batchId: number | null };

/** A published course with its batch, or a 404: unpublished courses do not exist for learners. */
export async function findPublishedCourse(ctx: AppContext, courseId: number): Promise<PublishedCourse> {
  const [row] = await ctx.db
    .select({ ...courseItemColumns, batchId: courses.batchId })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.isPublished, true)))
    .limit(1);
  if (!row) throw AppError.notFound(catalogueMessages.courseNotFound);
  return row;
}

/**
 * A published course as a learner may see it, or a 404. A school batch's subject is shown, as in
 * GET /course, only to the learners of that batch: their own batch, or one whose subjects are open
 * to them (a fee paid before they changed batch; the rule is course-access's). At most three queries.
 */
export async function findVisibleCourse(
  ctx: AppContext,
  options: { user: AuthUser; courseId: number },
): Promise<PublishedCourse> {
  const course = await findPublishedCourse(ctx, options.courseId);
  if (course.batchId === null) return course;
  if ((await findOwnBatch(ctx.db, options.user))?.id === course.batchId) return course;
  if (await findCourseAccess(ctx.db, options.user.id, course.id)) return course;
  throw AppError.notFound(catalogueMessages.courseNotFound);
}

/** GET /course/{id} */
export async function getCourse(ctx: AppContext, options: { user: AuthUser; courseId: number }): Promise<CourseItem> {
  return toCourseItem(await findVisibleCourse(ctx, options));
}
