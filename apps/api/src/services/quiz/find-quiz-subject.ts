import { eq } from 'drizzle-orm';
import { quizMessages } from '@app/contracts';
import { subjects, terms, type DbOrTx } from '@app/db';
import { AppError } from '../../lib/app-error.ts';
import { assertPaidCourse } from '../purchases/has-paid.ts';

export interface QuizSubject {
  id: number;
  name: string;
  courseId: number;
}

/** The subject a quiz belongs to, with its course: 404 when unknown, 403 unless the learner bought the course. */
export async function findQuizSubject(db: DbOrTx, options: { userId: number; subjectId: number }): Promise<QuizSubject> {
  const [subject] = await db
    .select({ id: subjects.id, name: subjects.name, courseId: terms.courseId })
    .from(subjects)
    .innerJoin(terms, eq(terms.id, subjects.termId))
    .where(eq(subjects.id, options.subjectId))
    .limit(1);
  if (!subject) throw AppError.notFound(quizMessages.subjectNotFound);
  await assertPaidCourse(db, options.userId, subject.courseId);
  return subject;
}
