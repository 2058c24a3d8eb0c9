import { sql } from 'drizzle-orm';
import { subjectProgress } from '@app/db';
import type { ProgressData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { readCourseProgress } from './course-progress.ts';
import { assertCourseContentAccess, findSubject } from './find-course-content.ts';

/**
 * POST /progress: the learner opened a subject (it now counts as studied) and, for a video, is at
 * `positionSeconds`. Without a position the stored one is kept, so reopening resumes.
 */
export async function recordProgress(
  ctx: AppContext,
  options: { userId: number; subjectId: number; positionSeconds?: number | null | undefined },
): Promise<ProgressData> {
  const subject = await findSubject(ctx, options.subjectId);
  await assertCourseContentAccess(ctx, { userId: options.userId, courseId: subject.courseId });
  const now = ctx.now();
  const position = options.positionSeconds ?? null;
  await ctx.db
    .insert(subjectProgress)
    .values({
      userId: options.userId,
      subjectId: subject.id,
      courseId: subject.courseId,
      positionSeconds: position ?? 0,
      openedAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [subjectProgress.userId, subjectProgress.subjectId],
      set: {
        courseId: subject.courseId,
        updatedAt: now,
        positionSeconds: position === null ? sql`${subjectProgress.positionSeconds}` : position,
      },
    });
  return readCourseProgress(ctx.db, { userId: options.userId, courseId: subject.courseId });
}

/** GET /progress/{courseId} */
export async function getProgress(ctx: AppContext, options: { userId: number; courseId: number }): Promise<ProgressData> {
  await assertCourseContentAccess(ctx, options);
  return readCourseProgress(ctx.db, options);
}
