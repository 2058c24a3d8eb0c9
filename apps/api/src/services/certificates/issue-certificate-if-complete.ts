import { randomBytes } from 'node:crypto';
import { and, eq, exists, inArray, isNotNull, isNull } from 'drizzle-orm';
import { purchases, questions, quizAttempts, subjects, terms, type Tx } from '@app/db';
import { getSetting } from '../settings/get-setting.ts';

/** 128 random bits, hex: unguessable, and easy to read out or type from a printed certificate. */
export function newCertificateId(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Issues the course certificate on the learner's paid purchase once every subject of the course
 * that has questions has a submitted quiz at or above the pass mark. Runs inside the submission's
 * transaction, with the purchase row already locked by it. Returns the certificate id, if any.
 */
export async function issueCertificateIfComplete(
  tx: Tx,
  options: { userId: number; courseId: number; purchaseId: number; now: Date },
): Promise<string | null> {
  const [purchase] = await tx
    .select({ certificateId: purchases.certificateId })
    .from(purchases)
    .where(eq(purchases.id, options.purchaseId));
  if (!purchase) return null;
  if (purchase.certificateId) return purchase.certificateId;

  const quizSubjects = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .innerJoin(terms, eq(terms.id, subjects.termId))
    .where(and(
      eq(terms.courseId, options.courseId),
      exists(tx.select({ one: questions.id }).from(questions).where(eq(questions.subjectId, subjects.id))),
    ));
  if (quizSubjects.length === 0) return null;

  const passMark = await getSetting(tx, 'pass_mark_percent');
  const submitted = await tx
    .select({ subjectId: quizAttempts.subjectId, percent: quizAttempts.markInPercentage })
    .from(quizAttempts)
    .where(and(
      eq(quizAttempts.userId, options.userId),
      inArray(quizAttempts.subjectId, quizSubjects.map((s) => s.id)),
      isNotNull(quizAttempts.submittedAt),
    ));
  const passed = new Set(submitted.filter((a) => Number(a.percent) >= passMark).map((a) => a.subjectId));
  if (!quizSubjects.every((s) => passed.has(s.id))) return null;

  const certificateId = newCertificateId();
  const [issued] = await tx
    .update(purchases)
    .set({ certificateId, certificateIssuedAt: options.now })
    .where(and(eq(purchases.id, options.purchaseId), isNull(purchases.certificateId)))
    .returning({ certificateId: purchases.certificateId });
  return issued?.certificateId ?? null;
}
