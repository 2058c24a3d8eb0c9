import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { batches, courses, users } from '@app/db';
import type { CourseItem, CourseLanguage, CourseListData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { preparedPerDatabase } from '../database/prepared-per-database.ts';
import { courseItemColumns, toCourseItem } from './course-item.ts';

/** Published courses of the open catalogue, optionally of one category and one language. */
export async function listCatalogueCourses(
  ctx: AppContext,
  options: { categoryId?: number | null; language?: CourseLanguage | undefined } = {},
): Promise<CourseItem[]> {
  const rows = await ctx.db
    .select(courseItemColumns)
    .from(courses)
    .where(and(
      eq(courses.isPublished, true),
      isNull(courses.batchId),
      options.categoryId ? eq(courses.categoryId, options.categoryId) : undefined,
      options.language ? eq(courses.language, options.language) : undefined,
    ))
    .orderBy(asc(courses.id));
  return rows.map(toCourseItem);
}

/**
 * Published courses of the open catalogue and of the learner's school batch (the batch of their
 * syllabus and standard, if any), in one prepared statement: the dashboard's busiest read costs
 * one round trip, not three.
 */
const dashboardCoursesQuery = preparedPerDatabase((db) => {
  const learnerBatch = db
    .select({ id: batches.id })
    .from(users)
    .innerJoin(batches, and(eq(batches.syllabusId, users.syllabusId), eq(batches.standardId, users.standardId)))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1);
  return db
    .select({ ...courseItemColumns, batchId: courses.batchId })
    .from(courses)
    .where(and(eq(courses.isPublished, true), or(isNull(courses.batchId), eq(courses.batchId, learnerBatch))))
    .orderBy(asc(courses.id))
    .prepare('dashboard_courses');
});

/**
 * GET /course: the open catalogue, and the published subjects of the learner's batch; with a
 * language, only the courses taught in it. The language is filtered here rather than in the
 * prepared statement: the statement returns the whole (small, unpaginated) list either way.
 */
export async function listCourses(ctx: AppContext, options: { userId: number; language?: CourseLanguage | undefined }): Promise<CourseListData> {
  const all = await dashboardCoursesQuery(ctx.db).execute({ userId: options.userId });
  const rows = options.language ? all.filter((row) => row.language === options.language) : all;
  return {
    course: rows.filter((row) => row.batchId === null).map(toCourseItem),
    school: rows.filter((row) => row.batchId !== null).map(toCourseItem),
  };
}

/** POST /course: the open catalogue of one category (0 means every category), optionally of one language. */
export async function filterCourses(ctx: AppContext, options: { category: number; language?: CourseLanguage | undefined }): Promise<CourseItem[]> {
  return listCatalogueCourses(ctx, { categoryId: options.category || null, language: options.language });
}
