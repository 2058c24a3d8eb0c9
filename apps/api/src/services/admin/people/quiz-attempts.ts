import { asc, eq } from 'drizzle-orm';
import { adminMessages, type AdminLearnerQuiz } from '@app/contracts';
import { courses, quizAttemptGrants, quizAttempts, subjects, terms, type DbOrTx } from '@app/db';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/index.ts';
import { passedQuizSubjectIds } from '../../certificates/index.ts';
import { lockLearnerCourse, quizStanding } from '../../quiz/index.ts';
import { findUserRow } from './users.ts';

interface QuizSubject {
  subjectId: number;
  subjectName: string;
  courseId: number;
  courseName: string;
}

const quizSubjectColumns = {
  subjectId: subjects.id,
  subjectName: subjects.name,
  courseId: courses.id,
  courseName: courses.name,
};

/** Where the learner stands at one chapter quiz, as the console shows it; `passed` is the certificate's rule. */
async function learnerQuizOf(
  db: DbOrTx,
  ctx: Pick<AppContext, 'now'>,
  options: { userId: number; subject: QuizSubject; passed: boolean },
): Promise<AdminLearnerQuiz> {
  const { subject, userId, passed } = options;
  const standing = await quizStanding(db, { userId, subjectId: subject.subjectId, now: ctx.now() });
  const current = standing.attempts.at(-1);
  return {
    subject_id: subject.subjectId,
    subject_name: subject.subjectName,
    course_id: subject.courseId,
    course_name: subject.courseName,
    attempts_used: standing.attempts.length,
    max_attempts: standing.maxAttempts,
    granted_attempts: standing.grantedAttempts,
    best_mark_in_percentage: standing.bestMarkInPercentage,
    pass_mark_percent: standing.passMarkPercent,
    passed,
    can_grant:
      !passed && standing.attempts.length >= standing.maxAttempts && current !== undefined && !!current.submittedAt,
  };
}

/** GET /admin/users/{id}/quizzes: every chapter quiz the learner has started, by course and chapter order. */
export async function listLearnerQuizzes(ctx: AppContext, userId: number): Promise<AdminLearnerQuiz[]> {
  await findUserRow(ctx.db, userId);
  const started = await ctx.db
    .selectDistinct({ ...quizSubjectColumns, termPosition: terms.position, subjectPosition: subjects.position })
    .from(quizAttempts)
    .innerJoin(subjects, eq(subjects.id, quizAttempts.subjectId))
    .innerJoin(terms, eq(terms.id, subjects.termId))
    .innerJoin(courses, eq(courses.id, terms.courseId))
    .where(eq(quizAttempts.userId, userId))
    .orderBy(asc(courses.name), asc(courses.id), asc(terms.position), asc(subjects.position), asc(subjects.id));
  const passed = await passedQuizSubjectIds(ctx.db, { userId, subjectIds: started.map((s) => s.subjectId) });
  const rows: AdminLearnerQuiz[] = [];
  for (const subject of started)
    rows.push(await learnerQuizOf(ctx.db, ctx, { userId, subject, passed: passed.has(subject.subjectId) }));
  return rows;
}

/**
 * POST /admin/users/{id}/quizzes/{subjectId}/another-attempt (decision 062): one more attempt at one chapter quiz
 * for a learner who used every attempt there (all submitted) and passed none; 400 otherwise, 404 for an unknown
 * learner or chapter. A row in quiz_attempt_grants raises the learner's limit at that quiz by one (the retake rule,
 * quiz-standing.ts, counts it); the cool-down since the last submission still applies. Under the learner's course
 * lock, as retakes and submissions: two grants at once give one, the second finds an attempt left. Audited as
 * `quiz_attempt.grant`.
 */
export async function grantQuizAttempt(
  ctx: AppContext,
  options: { actorId: number; userId: number; subjectId: number },
): Promise<AdminLearnerQuiz> {
  const { userId, subjectId } = options;
  await findUserRow(ctx.db, userId);
  const [subject] = await ctx.db
    .select(quizSubjectColumns)
    .from(subjects)
    .innerJoin(terms, eq(terms.id, subjects.termId))
    .innerJoin(courses, eq(courses.id, terms.courseId))
    .where(eq(subjects.id, subjectId));
  if (!subject) throw AppError.notFound(adminMessages.subjectNotFound);

  return ctx.db.transaction(async (tx) => {
    await lockLearnerCourse(tx, { userId, courseId: subject.courseId });
    const passed = (await passedQuizSubjectIds(tx, { userId, subjectIds: [subjectId] })).has(subjectId);
    const before = await learnerQuizOf(tx, ctx, { userId, subject, passed });
    if (passed) throw AppError.badRequest(adminMessages.quizAlreadyPassed);
    if (!before.can_grant) throw AppError.badRequest(adminMessages.quizAttemptsLeft);

    const [grant] = await tx
      .insert(quizAttemptGrants)
      .values({ userId, subjectId, grantedBy: options.actorId, createdAt: ctx.now() })
      .returning({ id: quizAttemptGrants.id });
    const after = await learnerQuizOf(tx, ctx, { userId, subject, passed });
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'quiz_attempt.grant',
      entity: 'quiz_attempt_grants',
      entityId: grant!.id,
      before: { user_id: userId, ...before },
      after: { user_id: userId, ...after },
    });
    return after;
  });
}
