import { eq } from 'drizzle-orm';
import { quizMessages } from '@app/contracts';
import { subjects, terms, type DbOrTx } from '@app/db';
import { AppError } from '../../lib/app-error.ts';
import { assertCourseAccess, type CourseAccess } from '../purchases/index.ts';

export interface QuizSubject {
  id: number;
  name: string;
  courseId: number;
  access: CourseAccess;
}

/** The subject a quiz belongs to, with its course: 404 when unknown, 403 unless the learner has access to its course. */
export async function findQuizSubject(
  db: DbOrTx,
  options: { userId: number; subjectId: number },
): Promise<QuizSubject> {
  const [subject] = await db
    .select({ id: subjects.id, name: subjects.name, courseId: terms.courseId })
    .from(subjects)
    .innerJoin(terms, eq(terms.id, subjects.termId))
    .where(eq(subjects.id, options.subjectId))
    .limit(1);
  if (!subject) throw AppError.notFound(quizMessages.subjectNotFound);
  return { ...subject, access: await assertCourseAccess(db, options.userId, subject.courseId) };
}
