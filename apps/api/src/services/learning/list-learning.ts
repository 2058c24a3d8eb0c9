import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { courses, purchases } from '@app/db';
import type { LearnCourseItem, LearnData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { certificateUrl } from '../certificates/certificate-url.ts';
import { courseItemColumns, toCourseItem } from '../catalogue/course-item.ts';
import { progressPercents } from './course-progress.ts';

/**
 * GET /learn: My Courses. `course` holds the courses the learner bought (with their certificate and
 * progress); `school` the published subject courses of the batches whose fee the learner paid.
 */
export async function listLearning(ctx: AppContext, options: { userId: number }): Promise<LearnData> {
  const bought = await ctx.db
    .select({ ...courseItemColumns, certificateId: purchases.certificateId, paidAt: purchases.paidAt })
    .from(purchases)
    .innerJoin(courses, eq(courses.id, purchases.courseId))
    .where(and(eq(purchases.userId, options.userId), eq(purchases.status, 'paid')))
    .orderBy(asc(purchases.paidAt), asc(purchases.id));
  const paidBatches = await ctx.db
    .select({ batchId: purchases.batchId })
    .from(purchases)
    .where(and(eq(purchases.userId, options.userId), eq(purchases.status, 'paid'), isNotNull(purchases.batchId)));
  const batchIds = paidBatches.map((b) => b.batchId!).filter((id) => id !== null);
  const boughtIds = new Set(bought.map((c) => c.id));
  const school = batchIds.length
    ? (await ctx.db
        .select(courseItemColumns)
        .from(courses)
        .where(and(inArray(courses.batchId, batchIds), eq(courses.isPublished, true)))
        .orderBy(asc(courses.id))).filter((c) => !boughtIds.has(c.id))
    : [];

  const percents = await progressPercents(ctx.db, { userId: options.userId, courseIds: [...boughtIds, ...school.map((c) => c.id)] });
  const item = (row: Parameters<typeof toCourseItem>[0], certificateId: string | null): LearnCourseItem => ({
    ...toCourseItem(row),
    certificate_id: certificateId,
    certificate_url: certificateId ? certificateUrl(ctx.env, certificateId) : null,
    progress_percent: percents.get(row.id) ?? 0,
  });
  return {
    course: bought.map((row) => item(row, row.certificateId)),
    school: school.map((row) => item(row, null)),
  };
}
