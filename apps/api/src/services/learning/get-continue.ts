import { desc, eq } from 'drizzle-orm';
import { courses, subjectProgress, subjects, terms } from '@app/db';
import type { ContinueData, FileType } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { findCourseAccess } from '../purchases/index.ts';
import { measureCourses } from './measure-courses.ts';

/**
 * GET /continue: the chapter the learner studied last, in a course they can still open (a refund
 * or a change of free batch closes it), with the course's percent; null when there is none.
 */
export async function getContinue(ctx: AppContext, options: { userId: number }): Promise<ContinueData> {
  // The latest row of each course, newest first; subjects are read through their current term.
  const rows = await ctx.db
    .selectDistinctOn([terms.courseId], {
      courseId: terms.courseId,
      courseName: courses.name,
      termId: terms.id,
      subjectId: subjects.id,
      subjectName: subjects.name,
      fileType: subjects.fileType,
      positionSeconds: subjectProgress.positionSeconds,
      page: subjectProgress.page,
      updatedAt: subjectProgress.updatedAt,
    })
    .from(subjectProgress)
    .innerJoin(subjects, eq(subjects.id, subjectProgress.subjectId))
    .innerJoin(terms, eq(terms.id, subjects.termId))
    .innerJoin(courses, eq(courses.id, terms.courseId))
    .where(eq(subjectProgress.userId, options.userId))
    .orderBy(terms.courseId, desc(subjectProgress.updatedAt), desc(subjectProgress.subjectId));
  rows.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.subjectId - a.subjectId);

  // The one access rule decides; usually the newest course passes at once.
  for (const row of rows) {
    if (!(await findCourseAccess(ctx.db, options.userId, row.courseId))) continue;
    const measure = (await measureCourses(ctx.db, { userId: options.userId, courseIds: [row.courseId] })).get(
      row.courseId,
    );
    return {
      course_id: row.courseId,
      course_name: row.courseName,
      term_id: row.termId,
      subject_id: row.subjectId,
      subject_name: row.subjectName,
      file_type: row.fileType as FileType,
      position_seconds: row.positionSeconds,
      page: row.page,
      percent: measure?.percent ?? 0,
    };
  }
  return null;
}
