import { and, eq } from 'drizzle-orm';
import { batches, courses, invoices, purchases, users, type DbOrTx } from '@app/db';
import type { AppContext } from '../../context.ts';
import { consentStatus } from '../consent/index.ts';
import { queueNotice, refundMail } from '../mail/index.ts';

/** A refunded purchase as its notice tells it, read through the refund's transaction. */
async function readRefund(ctx: AppContext, db: DbOrTx, purchaseId: number) {
  const [row] = await db
    .select({
      purchase: purchases,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
      courseName: courses.name,
      batchName: batches.name,
      creditNoteNumber: invoices.number,
    })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .leftJoin(courses, eq(courses.id, purchases.courseId))
    .leftJoin(batches, eq(batches.id, purchases.batchId))
    .leftJoin(invoices, and(eq(invoices.purchaseId, purchases.id), eq(invoices.kind, 'credit_note')))
    .where(eq(purchases.id, purchaseId));
  const purchase = row?.purchase;
  // A free enrolment gets no notice, as it got no receipt: nothing was paid, nothing goes back.
  if (!row || !purchase || purchase.status !== 'refunded' || purchase.amountPaise === 0) return null;
  return {
    ...row,
    purchase,
    details: {
      item:
        purchase.courseId !== null
          ? { kind: 'course' as const, name: row.courseName ?? '' }
          : { kind: 'batch' as const, name: row.batchName ?? '' },
      amountPaise: purchase.amountPaise,
      refundedAt: purchase.refundedAt ?? ctx.now(),
      paymentReference: purchase.providerPaymentId,
      creditNoteNumber: row.creditNoteNumber,
    },
    // The credit note's PDF, rendered by the mail job as the receipt's invoice is (resolve-attachment.ts).
    options: {
      aboutUserId: purchase.userId,
      ...(row.creditNoteNumber ? { attachments: [{ kind: 'credit_note' as const, purchaseId }] } : {}),
    },
  };
}

/**
 * Writes the refund notice within the transaction that marks the purchase refunded (markPurchaseRefunded, the outbox:
 * decision 031), so it exists if and only if the refund commits, and the caller flushes the outbox after the commit:
 * to the buyer, in their language, with the Quiz Points the refund took back; and a copy to the guardian on record of
 * a learner who is still a minor, when that guardian has answered the consent request (given, or withdrawn since) and
 * was named by email: the audience of the guardian's purchases page (decision 050). Never throws.
 */
export async function sendRefundNotice(
  ctx: AppContext,
  options: {
    purchaseId: number;
    quizPointsTakenBack: { points: number; redeemedPoints: number; paise: number };
    within: DbOrTx;
  },
): Promise<void> {
  const { purchaseId, within } = options;
  await queueNotice(ctx, {
    within,
    about: { kind: 'refund', purchaseId },
    build: async (db) => {
      const refund = await readRefund(ctx, db, purchaseId);
      if (!refund) return null;
      return {
        mail: refundMail({
          appName: ctx.env.APP_NAME,
          to: refund.email,
          firstName: refund.firstName,
          language: refund.language,
          ...refund.details,
          quizPointsTakenBack: options.quizPointsTakenBack,
        }),
        options: refund.options,
      };
    },
  });
  await queueNotice(ctx, {
    within,
    about: { kind: 'refund-guardian', purchaseId },
    build: async (db) => {
      const refund = await readRefund(ctx, db, purchaseId);
      if (!refund) return null;
      const { status, consent } = await consentStatus(ctx, db, { userId: refund.purchase.userId });
      const guardianEmail = consent?.guardianEmail;
      if ((status !== 'given' && status !== 'withdrawn') || !consent || !guardianEmail) return null;
      // A guardian's address that is the learner's own (a shared family mailbox) already has the learner's notice.
      if (guardianEmail.trim().toLowerCase() === refund.email.trim().toLowerCase()) return null;
      return {
        mail: refundMail({
          appName: ctx.env.APP_NAME,
          to: guardianEmail,
          firstName: consent.guardianName,
          language: refund.language,
          ...refund.details,
          child: `${refund.firstName} ${refund.lastName}`.trim(),
        }),
        options: refund.options,
      };
    },
  });
}
