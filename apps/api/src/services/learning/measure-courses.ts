import { and, desc, eq, exists, inArray, isNotNull } from 'drizzle-orm';
import { questions, subjectProgress, subjects, terms, type DbOrTx } from '@app/db';
import { progressPercent, type ProgressData } from '@app/contracts';
import { passedQuizSubjectIds } from '../certificates/index.ts';

/** How much of one course is done. */
export interface CourseMeasure {
  totalSubjects: number;
  totalQuizzes: number;
  completedSubjectIds: number[];
  passedQuizSubjectIds: number[];
  /** (chapters done + quizzes passed) / (chapters + subjects with a quiz), two decimals. */
  percent: number;
}

/**
 * The one measure of course progress (GET /progress, My Courses, GET /continue), for any number of
 * courses in four queries: the courses' subjects (with whether they have questions), the learner's
 * done chapters, and the passed quizzes (passedQuizSubjectIds, the one rule for a pass).
 * Subjects are read through their current term, so a subject moved or deleted no longer counts.
 */
export async function measureCourses(
  db: DbOrTx,
  options: { userId: number; courseIds: number[] },
): Promise<Map<number, CourseMeasure>> {
  const result = new Map<number, CourseMeasure>();
  if (options.courseIds.length === 0) return result;
  const subjectRows = await db
    .select({
      id: subjects.id,
      courseId: terms.courseId,
      hasQuiz: exists(db.select({ one: questions.id }).from(questions).where(eq(questions.subjectId, subjects.id))),
    })
    .from(subjects)
    .innerJoin(terms, eq(terms.id, subjects.termId))
    .where(inArray(terms.courseId, options.courseIds));
  const subjectIds = subjectRows.map((s) => s.id);
  const [doneRows, passed] = await Promise.all([
    subjectIds.length
      ? db
          .select({ subjectId: subjectProgress.subjectId })
          .from(subjectProgress)
          .where(
            and(
              eq(subjectProgress.userId, options.userId),
              inArray(subjectProgress.subjectId, subjectIds),
              isNotNull(subjectProgress.completedAt),
            ),
          )
      : Promise.resolve([]),
    passedQuizSubjectIds(db, {
      userId: options.userId,
      subjectIds: subjectRows.filter((s) => s.hasQuiz).map((s) => s.id),
    }),
  ]);
  const done = new Set(doneRows.map((r) => r.subjectId));
  for (const courseId of options.courseIds) {
    const own = subjectRows.filter((s) => s.courseId === courseId).sort((a, b) => a.id - b.id);
    const quizzes = own.filter((s) => s.hasQuiz);
    const completedSubjectIds = own.filter((s) => done.has(s.id)).map((s) => s.id);
    const passedIds = quizzes.filter((s) => passed.has(s.id)).map((s) => s.id);
    result.set(courseId, {
      totalSubjects: own.length,
      totalQuizzes: quizzes.length,
      completedSubjectIds,
      passedQuizSubjectIds: passedIds,
      percent: progressPercent(completedSubjectIds.length + passedIds.length, own.length + quizzes.length),
    });
  }
  return result;
}

/** Percent done of each course (My Courses); 0 for a course without subjects. */
export async function progressPercents(
  db: DbOrTx,
  options: { userId: number; courseIds: number[] },
): Promise<Map<number, number>> {
  const measures = await measureCourses(db, options);
  return new Map([...measures].map(([courseId, measure]) => [courseId, measure.percent]));
}

/** Where the learner stands in one course (access already checked). */
export async function readCourseProgress(
  db: DbOrTx,
  options: { userId: number; courseId: number },
): Promise<ProgressData> {
  const [rows, measures] = await Promise.all([
    db
      .select({
        subjectId: subjectProgress.subjectId,
        termId: subjects.termId,
        positionSeconds: subjectProgress.positionSeconds,
        page: subjectProgress.page,
      })
      .from(subjectProgress)
      .innerJoin(subjects, eq(subjects.id, subjectProgress.subjectId))
      .innerJoin(terms, eq(terms.id, subjects.termId))
      .where(and(eq(subjectProgress.userId, options.userId), eq(terms.courseId, options.courseId)))
      .orderBy(desc(subjectProgress.updatedAt), desc(subjectProgress.subjectId)),
    measureCourses(db, { userId: options.userId, courseIds: [options.courseId] }),
  ]);
  const measure = measures.get(options.courseId)!;
  const last = rows[0];
  return {
    course_id: options.courseId,
    last_subject_id: last?.subjectId ?? null,
    last_term_id: last?.termId ?? null,
    position_seconds: last?.positionSeconds ?? 0,
    page: last?.page ?? null,
    studied_subject_ids: rows.map((r) => r.subjectId).sort((a, b) => a - b),
    completed_subject_ids: measure.completedSubjectIds,
    passed_quiz_subject_ids: measure.passedQuizSubjectIds,
    total_subjects: measure.totalSubjects,
    total_quizzes: measure.totalQuizzes,
    percent: measure.percent,
  };
}
