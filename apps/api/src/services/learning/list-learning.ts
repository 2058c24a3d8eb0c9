import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { certificates, courses, purchases } from '@app/db';
import type { LearnCourseItem, LearnData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { certificateUrl } from '../certificates/index.ts';
import { courseItemColumns, toCourseItem } from '../catalogue/index.ts';
import { findOpenBatchIds } from '../purchases/index.ts';
import { progressPercents } from './measure-courses.ts';

/**
 * GET /learn: My Courses. `course` holds the catalogue courses the learner bought, `school` the
 * published subject courses of the batches open to them (course-access.ts); each with its
 * certificate and progress.
 */
export async function listLearning(ctx: AppContext, options: { userId: number }): Promise<LearnData> {
  const bought = await ctx.db
    .select({ ...courseItemColumns, paidAt: purchases.paidAt })
    .from(purchases)
    .innerJoin(courses, eq(courses.id, purchases.courseId))
    .where(and(eq(purchases.userId, options.userId), eq(purchases.status, 'paid'), isNull(courses.batchId)))
    .orderBy(asc(purchases.paidAt), asc(purchases.id));
  const batchIds = await findOpenBatchIds(ctx.db, options.userId);
  const boughtIds = new Set(bought.map((c) => c.id));
  const school = batchIds.length
    ? (
        await ctx.db
          .select(courseItemColumns)
          .from(courses)
          .where(and(inArray(courses.batchId, batchIds), eq(courses.isPublished, true)))
          .orderBy(asc(courses.id))
      ).filter((c) => !boughtIds.has(c.id))
    : [];

  const [percents, issued] = await Promise.all([
    progressPercents(ctx.db, { userId: options.userId, courseIds: [...boughtIds, ...school.map((c) => c.id)] }),
    ctx.db
      .select({ id: certificates.id, courseId: certificates.courseId })
      .from(certificates)
      .where(eq(certificates.userId, options.userId)),
  ]);
  const certificateOf = new Map(issued.map((c) => [c.courseId, c.id]));
  const item = (row: Parameters<typeof toCourseItem>[0]): LearnCourseItem => {
    const certificateId = certificateOf.get(row.id) ?? null;
    return {
      ...toCourseItem(row),
      certificate_id: certificateId,
      certificate_url: certificateId ? certificateUrl(ctx.env, certificateId) : null,
      progress_percent: percents.get(row.id) ?? 0,
    };
  };
  return { course: bought.map(item), school: school.map(item) };
}
