import { and, eq } from 'drizzle-orm';
import { batches, courses, invoices, purchases, sentMails, users } from '@app/db';
import type { AppContext } from '../../context.ts';
import { queueNotice } from './queue-notice.ts';
import { receiptMail } from './templates.ts';

/**
 * Queues the payment receipt of a paid purchase, in the buyer's language, with its GST invoice
 * attached by reference (rendered by the mail job when it runs). Called after the transaction that
 * made the purchase paid has committed, by whoever confirmed it and by anyone who finds it already
 * paid (a webhook redelivered, the reconciler, /pay-now after the webhook): the once-only key
 * receipt:<purchase id> (sent_mails) lets exactly one of those mails go out, and a receipt lost to
 * a crash between the commit and the queueing is queued again by the next confirmation.
 * A free enrolment (no payment, no invoice) gets no receipt. Never throws (queue-notice.ts).
 */
export async function sendReceipt(ctx: AppContext, options: { purchaseId: number }): Promise<void> {
  const { purchaseId } = options;
  const onceKey = `receipt:${purchaseId}`;
  await queueNotice(ctx, {
    about: { kind: 'receipt', purchaseId },
    build: async () => {
      // Already out: no need to queue a job that would only find the claim (a mail still waiting in the queue is not
      // claimed yet, so a confirmation meanwhile queues a second job; the claim in the mail job keeps that one silent).
      const [sent] = await ctx.db.select({ key: sentMails.key }).from(sentMails).where(eq(sentMails.key, onceKey));
      if (sent) return null;
      const [row] = await ctx.db
        .select({
          purchase: purchases,
          email: users.email,
          firstName: users.firstName,
          language: users.language,
          courseName: courses.name,
          batchName: batches.name,
          invoiceNumber: invoices.number,
          invoiceIssuedAt: invoices.issuedAt,
        })
        .from(purchases)
        .innerJoin(users, eq(users.id, purchases.userId))
        .leftJoin(courses, eq(courses.id, purchases.courseId))
        .leftJoin(batches, eq(batches.id, purchases.batchId))
        .leftJoin(invoices, and(eq(invoices.purchaseId, purchases.id), eq(invoices.kind, 'invoice')))
        .where(eq(purchases.id, purchaseId));
      const purchase = row?.purchase;
      if (!row || !purchase || purchase.status !== 'paid' || !purchase.paidAt || purchase.amountPaise === 0)
        return null;
      const mail = receiptMail({
        appName: ctx.env.APP_NAME,
        to: row.email,
        firstName: row.firstName,
        language: row.language,
        item:
          purchase.courseId !== null
            ? { kind: 'course', name: row.courseName ?? '' }
            : { kind: 'batch', name: row.batchName ?? '' },
        amountPaise: purchase.amountPaise,
        // The date the attached invoice bears (when the provider took the payment: decision 063, later), so the mail
        // and its invoice never disagree across a midnight; a purchase without an invoice, its paid time.
        paidAt: row.invoiceIssuedAt ?? purchase.paidAt,
        orderReference: purchase.providerOrderId,
        paymentReference: purchase.providerPaymentId,
        invoiceNumber: row.invoiceNumber,
      });
      return {
        mail,
        options: {
          onceKey,
          aboutUserId: purchase.userId,
          ...(row.invoiceNumber ? { attachments: [{ kind: 'invoice' as const, purchaseId }] } : {}),
        },
      };
    },
  });
}
