import { and, asc, eq, isNull } from 'drizzle-orm';
import { batches, courses, users } from '@app/db';
import type { CourseItem, CourseListData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { courseItemColumns, toCourseItem } from './course-item.ts';

/** The learner's school batch: the batch of their syllabus and standard, if any. */
export async function findLearnerBatchId(ctx: AppContext, userId: number): Promise<number | null> {
  const [row] = await ctx.db
    .select({ id: batches.id })
    .from(users)
    .innerJoin(batches, and(eq(batches.syllabusId, users.syllabusId), eq(batches.standardId, users.standardId)))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.id ?? null;
}

/** Published courses of the open catalogue, optionally of one category. */
export async function listCatalogueCourses(ctx: AppContext, options: { categoryId?: number | null } = {}): Promise<CourseItem[]> {
  const rows = await ctx.db
    .select(courseItemColumns)
    .from(courses)
    .where(and(
      eq(courses.isPublished, true),
      isNull(courses.batchId),
      options.categoryId ? eq(courses.categoryId, options.categoryId) : undefined,
    ))
    .orderBy(asc(courses.id));
  return rows.map(toCourseItem);
}

/** GET /course: the open catalogue, and the published subjects of the learner's batch. */
export async function listCourses(ctx: AppContext, options: { userId: number }): Promise<CourseListData> {
  const batchId = await findLearnerBatchId(ctx, options.userId);
  const [course, school] = await Promise.all([
    listCatalogueCourses(ctx),
    batchId
      ? ctx.db
          .select(courseItemColumns)
          .from(courses)
          .where(and(eq(courses.isPublished, true), eq(courses.batchId, batchId)))
          .orderBy(asc(courses.id))
          .then((rows) => rows.map(toCourseItem))
      : Promise.resolve([]),
  ]);
  return { course, school };
}

/** POST /course: the open catalogue of one category; 0 means every category. */
export async function filterCourses(ctx: AppContext, options: { category: number }): Promise<CourseItem[]> {
  return listCatalogueCourses(ctx, { categoryId: options.category || null });
}
