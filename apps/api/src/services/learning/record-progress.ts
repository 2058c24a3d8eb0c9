import { and, eq } from 'drizzle-orm';
import { subjectProgress } from '@app/db';
import { learningMessages, type ProgressData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { readCourseProgress } from './measure-courses.ts';
import { assertCourseContentAccess, findSubject } from './find-course-content.ts';

/** Share of a video that must be watched for it to count as done. */
export const WATCHED_TO_COMPLETE = 0.9;

/** Video and YouTube chapters are done by watching them, never by being marked. */
const isWatched = (fileType: string) => fileType === 'video' || fileType === 'youtube';

/** One progress report (POST /progress, already validated). */
export interface ProgressReport {
  positionSeconds?: number | null | undefined;
  durationSeconds?: number | null | undefined;
  watchedSeconds?: number | null | undefined;
  page?: number | null | undefined;
  pageCount?: number | null | undefined;
  completed?: true | undefined;
}

interface StoredProgress {
  positionSeconds: number;
  watchedSeconds: number;
  durationSeconds: number | null;
  page: number | null;
  pageCount: number | null;
  completedAt: Date | null;
}

const fresh: StoredProgress = {
  positionSeconds: 0,
  watchedSeconds: 0,
  durationSeconds: null,
  page: null,
  pageCount: null,
  completedAt: null,
};

/**
 * The row after a report, by the subject's file type (contracts' progressBody says the rules).
 * Watched seconds add up and are capped at the duration, so replaying a report (offline sync) can
 * at most fill the video; completion is sticky.
 */
export function applyReport(
  fileType: string,
  before: StoredProgress,
  report: ProgressReport,
  now: Date,
): StoredProgress {
  const next = { ...before };
  if (report.positionSeconds != null) next.positionSeconds = report.positionSeconds;
  let isDone: boolean;
  if (isWatched(fileType)) {
    if (report.durationSeconds) next.durationSeconds = report.durationSeconds;
    const cap = next.durationSeconds ?? Number.MAX_SAFE_INTEGER;
    next.watchedSeconds = Math.min(before.watchedSeconds + (report.watchedSeconds ?? 0), cap, 2_147_483_647);
    isDone = next.durationSeconds !== null && next.watchedSeconds >= next.durationSeconds * WATCHED_TO_COMPLETE;
  } else if (fileType === 'pdf') {
    if (report.page != null && report.pageCount != null) {
      next.page = report.page;
      next.pageCount = report.pageCount;
    }
    isDone = report.completed === true || (report.page != null && report.page === report.pageCount);
  } else {
    isDone = true; // a link is done once opened
  }
  next.completedAt = before.completedAt ?? (isDone ? now : null);
  return next;
}

/**
 * POST /progress: the learner opened a subject or reports how far they got (contracts'
 * progressBody). Returns the course's progress.
 */
export async function recordProgress(
  ctx: AppContext,
  options: { userId: number; subjectId: number; report: ProgressReport },
): Promise<ProgressData> {
  const subject = await findSubject(ctx, options.subjectId);
  await assertCourseContentAccess(ctx, { userId: options.userId, courseId: subject.courseId });
  if (options.report.completed && isWatched(subject.fileType)) {
    throw AppError.field('completed', learningMessages.videoNotMarkable);
  }
  const now = ctx.now();
  const key = and(eq(subjectProgress.userId, options.userId), eq(subjectProgress.subjectId, subject.id));
  await ctx.db.transaction(async (tx) => {
    // The row exists and is locked, so two reports at once add both their watched seconds.
    await tx
      .insert(subjectProgress)
      .values({
        userId: options.userId,
        subjectId: subject.id,
        courseId: subject.courseId,
        openedAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    const [before] = await tx.select().from(subjectProgress).where(key).for('update');
    const next = applyReport(subject.fileType, before ?? fresh, options.report, now);
    await tx
      .update(subjectProgress)
      .set({ ...next, courseId: subject.courseId, updatedAt: now })
      .where(key);
  });
  return readCourseProgress(ctx.db, { userId: options.userId, courseId: subject.courseId });
}

/** GET /progress/{courseId} */
export async function getProgress(
  ctx: AppContext,
  options: { userId: number; courseId: number },
): Promise<ProgressData> {
  await assertCourseContentAccess(ctx, options);
  return readCourseProgress(ctx.db, options);
}
