import { desc, eq } from 'drizzle-orm';
import { batches, courses, purchases } from '@app/db';
import { consentMessages, paiseToRupees, type GuardianPurchasesData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { findConsentByToken } from './find-consent-by-token.ts';

/**
 * GET /guardian/consent/{token}/purchases: the child's purchases (item, amount, date, status), newest
 * first, for a guardian who has answered (given, or withdrawn since); a pending link shows none (403).
 */
export async function listChildPurchases(ctx: AppContext, options: { token: string }): Promise<GuardianPurchasesData> {
  const { consent } = await findConsentByToken(ctx, options.token);
  if (consent.status === 'pending') throw AppError.forbidden(consentMessages.consentNotGiven);
  const rows = await ctx.db
    .select({
      id: purchases.id,
      courseName: courses.name,
      batchName: batches.name,
      amountPaise: purchases.amountPaise,
      status: purchases.status,
      createdAt: purchases.createdAt,
      paidAt: purchases.paidAt,
    })
    .from(purchases)
    .leftJoin(courses, eq(courses.id, purchases.courseId))
    .leftJoin(batches, eq(batches.id, purchases.batchId))
    .where(eq(purchases.userId, consent.userId))
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    item: row.courseName ?? row.batchName ?? '',
    kind: row.courseName ? ('course' as const) : ('batch' as const),
    amount: paiseToRupees(row.amountPaise),
    date: (row.paidAt ?? row.createdAt).toISOString(),
    status: row.status,
  }));
}
