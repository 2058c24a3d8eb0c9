import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { batches, courses } from '@app/db';
import type { CourseItem, CourseLanguage, CourseListData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { preparedPerDatabase } from '../database/index.ts';
import { courseItemColumns, toCourseItem } from './to-course-item.ts';

/** Published courses of the open catalogue, optionally of one category and one language. */
export async function listCatalogueCourses(
  ctx: AppContext,
  options: { categoryId?: number | null; language?: CourseLanguage | undefined } = {},
): Promise<CourseItem[]> {
  const rows = await ctx.db
    .select(courseItemColumns)
    .from(courses)
    .where(
      and(
        eq(courses.isPublished, true),
        isNull(courses.batchId),
        options.categoryId ? eq(courses.categoryId, options.categoryId) : undefined,
        options.language ? eq(courses.language, options.language) : undefined,
      ),
    )
    .orderBy(asc(courses.id));
  return rows.map(toCourseItem);
}

/**
 * Published courses of the open catalogue and of the school batch of a syllabus and standard (if
 * there is one), in one prepared statement.
 */
const courseListQuery = preparedPerDatabase((db) => {
  const pairBatch = db
    .select({ id: batches.id })
    .from(batches)
    .where(
      and(eq(batches.syllabusId, sql.placeholder('syllabusId')), eq(batches.standardId, sql.placeholder('standardId'))),
    )
    .limit(1);
  return db
    .select({ ...courseItemColumns, batchId: courses.batchId })
    .from(courses)
    .where(and(eq(courses.isPublished, true), or(isNull(courses.batchId), eq(courses.batchId, pairBatch))))
    .orderBy(asc(courses.id))
    .prepare('course_list');
});

/**
 * GET /course: the open catalogue, and the published subjects of the learner's batch (the batch of
 * their syllabus and standard); with a language, only the courses taught in it. The batch is found
 * from the syllabus and standard, not the learner, so that one answer serves every learner of the
 * batch (routes/catalogue/course-list-reply.ts caches it). The language is filtered here rather than
 * in the prepared statement: the statement returns the whole (small, unpaginated) list either way.
 */
export async function listCourses(
  ctx: AppContext,
  options: { syllabusId: number | null; standardId: number | null; language?: CourseLanguage | undefined },
): Promise<CourseListData> {
  const all = await courseListQuery(ctx.db).execute({ syllabusId: options.syllabusId, standardId: options.standardId });
  const rows = options.language ? all.filter((row) => row.language === options.language) : all;
  return {
    course: rows.filter((row) => row.batchId === null).map(toCourseItem),
    school: rows.filter((row) => row.batchId !== null).map(toCourseItem),
  };
}

/** POST /course: the open catalogue of one category (0 means every category), optionally of one language. */
export async function filterCourses(
  ctx: AppContext,
  options: { category: number; language?: CourseLanguage | undefined },
): Promise<CourseItem[]> {
  return listCatalogueCourses(ctx, { categoryId: options.category || null, language: options.language });
}
