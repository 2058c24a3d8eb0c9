import { eq } from 'drizzle-orm';
import { courses, subjects, terms } from '@app/db';
import { catalogueMessages, learningMessages, quizMessages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { findCourseAccess } from '../purchases/index.ts';

/**
 * A course whose content the learner may open: 404 when there is no such course (or it is
 * unpublished and the learner never bought it), 403 when the learner has not bought it.
 */
export async function assertCourseContentAccess(
  ctx: AppContext,
  options: { userId: number; courseId: number },
): Promise<void> {
  const [course] = await ctx.db
    .select({ isPublished: courses.isPublished })
    .from(courses)
    .where(eq(courses.id, options.courseId));
  if (!course) throw AppError.notFound(catalogueMessages.courseNotFound);
  const access = await findCourseAccess(ctx.db, options.userId, options.courseId);
  if (access) return;
  if (!course.isPublished) throw AppError.notFound(catalogueMessages.courseNotFound);
  throw AppError.forbidden(catalogueMessages.buyToOpen);
}

/** A term's course, or 404. */
export async function findTermCourseId(ctx: AppContext, termId: number): Promise<number> {
  const [term] = await ctx.db.select({ courseId: terms.courseId }).from(terms).where(eq(terms.id, termId));
  if (!term) throw AppError.notFound(learningMessages.termNotFound);
  return term.courseId;
}

/** A subject with its term and course, or 404. */
export async function findSubject(ctx: AppContext, subjectId: number) {
  const [subject] = await ctx.db
    .select({
      id: subjects.id,
      termId: subjects.termId,
      courseId: terms.courseId,
      fileType: subjects.fileType,
      fileRef: subjects.fileRef,
    })
    .from(subjects)
    .innerJoin(terms, eq(terms.id, subjects.termId))
    .where(eq(subjects.id, subjectId));
  if (!subject) throw AppError.notFound(quizMessages.subjectNotFound);
  return subject;
}
