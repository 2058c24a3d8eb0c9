import { and, eq } from 'drizzle-orm';
import { courses } from '@app/db';
import { catalogueMessages, type CourseItem } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { courseItemColumns, toCourseItem, type CourseItemRow } from './course-item.ts';

/** A published course with its batch, or a 404: unpublished courses do not exist for learners. */
export async function findPublishedCourse(ctx: AppContext, courseId: number): Promise<CourseItemRow & { batchId: number | null }> {
  const [row] = await ctx.db
    .select({ ...courseItemColumns, batchId: courses.batchId })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.isPublished, true)))
    .limit(1);
  if (!row) throw AppError.notFound(catalogueMessages.courseNotFound);
  return row;
}

/** GET /course/{id} */
export async function getCourse(ctx: AppContext, options: { courseId: number }): Promise<CourseItem> {
  return toCourseItem(await findPublishedCourse(ctx, options.courseId));
}
