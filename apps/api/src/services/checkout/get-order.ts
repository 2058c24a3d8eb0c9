import { and, eq } from 'drizzle-orm';
import { batches, courses, purchases } from '@app/db';
import { checkoutMessages, paiseToRupees, type OrderData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * GET /orders/{order_id}: one of the learner's own purchases (a course or a batch fee), so the
 * success page survives a reload. Someone else's purchase is a 404, like one that does not exist.
 */
export async function getOrder(ctx: AppContext, options: { userId: number; purchaseId: number }): Promise<OrderData> {
  const [row] = await ctx.db
    .select({
      id: purchases.id,
      orderId: purchases.providerOrderId,
      courseId: purchases.courseId,
      batchId: purchases.batchId,
      courseName: courses.name,
      batchName: batches.name,
      amountPaise: purchases.amountPaise,
      currency: purchases.currency,
      status: purchases.status,
      paidAt: purchases.paidAt,
    })
    .from(purchases)
    .leftJoin(courses, eq(courses.id, purchases.courseId))
    .leftJoin(batches, eq(batches.id, purchases.batchId))
    .where(and(eq(purchases.id, options.purchaseId), eq(purchases.userId, options.userId)))
    .limit(1);
  if (!row) throw AppError.notFound(checkoutMessages.orderNotFound);
  return {
    purchase_id: row.id,
    order_id: row.orderId,
    item: row.courseId !== null ? 'course' : 'batch',
    name: row.courseName ?? row.batchName ?? '',
    course_id: row.courseId,
    batch_id: row.batchId,
    amount: paiseToRupees(row.amountPaise),
    currency: row.currency,
    // The column's CHECK allows only these.
    status: row.status as OrderData['status'],
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}
