import { randomBytes } from 'node:crypto';
import { and, eq, exists, sql } from 'drizzle-orm';
import { certificates, courses, purchases, questions, subjects, terms, users, type Tx } from '@app/db';
import { passedQuizSubjectIds } from './passed-quiz-subject-ids.ts';

/** 128 random bits, hex: unguessable, and easy to read out or type from a printed certificate. */
export function newCertificateId(): string {
  return randomBytes(16).toString('hex');
}

type IssueOptions = {
  userId: number;
  courseId: number;
  /** The paid purchase that opened the course (the course's own, or its batch's fee); null for a free batch. */
  purchaseId: number | null;
  now: Date;
};

async function findIssued(tx: Tx, options: IssueOptions) {
  const [row] = await tx
    .select({ id: certificates.id, purchaseId: certificates.purchaseId })
    .from(certificates)
    .where(and(eq(certificates.userId, options.userId), eq(certificates.courseId, options.courseId)));
  return row;
}

/** The course's quizzes: its subjects that have questions. The certificate needs each of them passed. */
export async function courseQuizSubjectIds(tx: Tx, courseId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .innerJoin(terms, eq(terms.id, subjects.termId))
    .where(
      and(
        eq(terms.courseId, courseId),
        exists(tx.select({ one: questions.id }).from(questions).where(eq(questions.subjectId, subjects.id))),
      ),
    );
  return rows.map((row) => row.id);
}

/** Has every subject of the course that has questions a passed quiz (its best attempt at or above the pass mark)? */
async function hasPassedEveryQuiz(tx: Tx, options: IssueOptions): Promise<boolean> {
  const quizSubjectIds = await courseQuizSubjectIds(tx, options.courseId);
  if (quizSubjectIds.length === 0) return false;

  const passed = await passedQuizSubjectIds(tx, { userId: options.userId, subjectIds: quizSubjectIds });
  return quizSubjectIds.every((id) => passed.has(id));
}

/**
 * A certificate issued on a purchase that was refunded moves to the purchase that opens the course
 * again (the learner bought it back), keeping its id, name and date: it is valid again.
 */
async function moveToLivePurchase(
  tx: Tx,
  issued: { id: string; purchaseId: number | null },
  purchaseId: number | null,
) {
  if (purchaseId === null || issued.purchaseId === null || issued.purchaseId === purchaseId) return;
  const [previous] = await tx
    .select({ status: purchases.status })
    .from(purchases)
    .where(eq(purchases.id, issued.purchaseId));
  if (previous?.status !== 'refunded') return;
  const [current] = await tx.select({ status: purchases.status }).from(purchases).where(eq(purchases.id, purchaseId));
  if (current?.status !== 'paid') return;
  await tx.update(certificates).set({ purchaseId }).where(eq(certificates.id, issued.id));
}

/**
 * Issues the learner's certificate for the course once every subject of the course that has
 * questions has a submitted quiz at or above the pass mark: one per learner and course, whatever
 * opened it (a course purchase, a batch fee, a free batch). The holder's name is copied from the
 * profile now and never follows later edits. Runs inside the submission's (or the payment's, or the
 * catalogue change's) transaction, holding the course's quiz set (course-quiz-set-lock.ts). Idempotent:
 * once issued, every call returns the same id. Returns the certificate id, if any.
 */
export async function issueCertificateIfComplete(tx: Tx, options: IssueOptions): Promise<string | null> {
  const issued = await findIssued(tx, options);
  if (issued) {
    await moveToLivePurchase(tx, issued, options.purchaseId);
    return issued.id;
  }
  if (!(await hasPassedEveryQuiz(tx, options))) return null;

  const [holder] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, options.userId));
  if (!holder) return null;
  const [inserted] = await tx
    .insert(certificates)
    .values({
      id: newCertificateId(),
      userId: options.userId,
      courseId: options.courseId,
      purchaseId: options.purchaseId,
      holderName: `${holder.firstName} ${holder.lastName}`.trim(),
      courseName: sql`(SELECT ${courses.name} FROM ${courses} WHERE ${courses.id} = ${options.courseId})`,
      issuedAt: options.now,
    })
    .onConflictDoNothing({ target: [certificates.userId, certificates.courseId] })
    .returning({ id: certificates.id });
  // Nothing inserted: a concurrent submission issued it first (its row is committed by now).
  return inserted?.id ?? (await findIssued(tx, options))?.id ?? null;
}
