import { asc, eq, sql } from 'drizzle-orm';
import { questions, quizAttempts, type DbOrTx } from '@app/db';
import { adminMessages, type AdminQuestion, type QuestionInput } from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/index.ts';
import { findSubjectCourseId, findSubjectRow } from './subjects.ts';
import { issueCertificatesOfCourse } from './issue-certificates-of-course.ts';

type QuestionRow = typeof questions.$inferSelect;

export function toAdminQuestion(row: QuestionRow): AdminQuestion {
  return {
    id: row.id,
    subject_id: row.subjectId,
    question: row.question,
    option_1: row.option1,
    option_2: row.option2,
    option_3: row.option3,
    option_4: row.option4,
    option_5: row.option5,
    correct_option: row.correctOption,
    explanation: row.explanation,
  };
}

/** The columns of a checked question. */
export function questionColumns(input: QuestionInput) {
  return {
    question: input.question,
    option1: input.option_1,
    option2: input.option_2,
    option3: input.option_3,
    option4: input.option_4,
    option5: input.option_5,
    correctOption: input.correct_option,
    explanation: input.explanation,
  };
}

async function findQuestion(db: DbOrTx, id: number): Promise<QuestionRow> {
  const [row] = await db.select().from(questions).where(eq(questions.id, id));
  if (!row) throw AppError.notFound(adminMessages.questionNotFound);
  return row;
}

/** GET /admin/subjects/{id}/questions: the subject's bank, oldest first. */
export async function listQuestions(ctx: AppContext, subjectId: number): Promise<AdminQuestion[]> {
  await findSubjectRow(ctx.db, subjectId);
  const rows = await ctx.db
    .select()
    .from(questions)
    .where(eq(questions.subjectId, subjectId))
    .orderBy(asc(questions.id));
  return rows.map(toAdminQuestion);
}

/** POST /admin/subjects/{id}/questions */
export async function createQuestion(
  ctx: AppContext,
  options: { actorId: number; subjectId: number; input: QuestionInput },
): Promise<AdminQuestion> {
  return ctx.db.transaction(async (tx) => {
    await findSubjectRow(tx, options.subjectId);
    const [row] = await tx
      .insert(questions)
      .values({ subjectId: options.subjectId, ...questionColumns(options.input) })
      .returning();
    const after = toAdminQuestion(row!);
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'question.create',
      entity: 'questions',
      entityId: row!.id,
      after,
    });
    return after;
  });
}

/**
 * PUT /admin/questions/{id}: the whole question. A learner who already submitted keeps the result
 * they were given (it is stored); one mid-quiz sees the corrected text.
 */
export async function updateQuestion(
  ctx: AppContext,
  options: { actorId: number; id: number; input: QuestionInput },
): Promise<AdminQuestion> {
  return ctx.db.transaction(async (tx) => {
    const before = toAdminQuestion(await findQuestion(tx, options.id));
    const [row] = await tx
      .update(questions)
      .set(questionColumns(options.input))
      .where(eq(questions.id, options.id))
      .returning();
    const after = toAdminQuestion(row!);
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'question.update',
      entity: 'questions',
      entityId: options.id,
      before,
      after,
    });
    return after;
  });
}

/**
 * DELETE /admin/questions/{id}: refused once a learner has drawn it, since their quiz names it. The
 * subject's last question takes its quiz away: a learner whose results pass every quiz the course
 * has left gets the certificate now.
 */
export async function deleteQuestion(ctx: AppContext, options: { actorId: number; id: number }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = toAdminQuestion(await findQuestion(tx, options.id));
    const courseId = await findSubjectCourseId(tx, before.subject_id);
    const [drawn] = await tx
      .select({ id: quizAttempts.id })
      .from(quizAttempts)
      .where(sql`${options.id} = any(${quizAttempts.questionIds})`)
      .limit(1);
    if (drawn) throw AppError.badRequest(adminMessages.questionInDrawnQuiz);
    await tx.delete(questions).where(eq(questions.id, options.id));
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'question.delete',
      entity: 'questions',
      entityId: options.id,
      before,
    });
    await issueCertificatesOfCourse(tx, { courseId, now: ctx.now() });
  });
}
