import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { purchases } from '@app/db';
import {
  checkoutMessages, paiseToRupees, priceBreakdown, providerAmountPaise, type CheckoutData, type CourseItem,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomString } from '../../lib/crypto.ts';
import type { AuthUser } from '../accounts/tokens.ts';
import { isUniqueViolation } from '../accounts/find-user.ts';
import { markPurchasePaid } from '../payments/confirm-payment.ts';
import type { PaymentLog } from '../payments/refund-orphan-payment.ts';
import { findUsableOfferCode, type UsableOfferCode } from './find-offer-code.ts';

/** The smallest amount card providers charge (Razorpay: INR 1.00). */
export const MIN_PROVIDER_AMOUNT_PAISE = 100;
/** A pending checkout of the same item, amount and code is handed back instead of a new order. */
const REUSE_PENDING_MINUTES = 30;

/** What is being bought: a course, or the learner's batch fee. */
export type CheckoutItem =
  | { kind: 'course'; courseId: number; offerPricePaise: number; display: CourseItem }
  | { kind: 'batch'; batchId: number; offerPricePaise: number; display: CourseItem };

const itemColumn = (item: CheckoutItem) => (item.kind === 'course'
  ? eq(purchases.courseId, item.courseId)
  : eq(purchases.batchId, item.batchId));

/**
 * The checkout path shared by POST /checkout and POST /first-payment. The server prices the item
 * itself with the shared discount rule; a zero amount is paid at once, anything else becomes a
 * pending purchase with a provider order that /pay-now, the webhook or the reconciler completes.
 */
export async function startCheckout(
  ctx: AppContext,
  options: { user: AuthUser; item: CheckoutItem; offerCode: string | null; log?: PaymentLog },
): Promise<CheckoutData> {
  const { user, item } = options;
  const alreadyOwned = item.kind === 'course' ? checkoutMessages.courseAlreadyBought : checkoutMessages.batchAlreadyPaid;

  const code = options.offerCode
    ? await findUsableOfferCode(ctx.db, { code: options.offerCode, userId: user.id, now: ctx.now() })
    : null;
  if (code?.batchId && (item.kind !== 'batch' || item.batchId !== code.batchId)) {
    throw AppError.badRequest(checkoutMessages.offerCodeNotForThis);
  }
  const breakdown = priceBreakdown(item.offerPricePaise, code?.rule);
  const amountPaise = providerAmountPaise(paiseToRupees(breakdown.payablePaise));

  const answer = (purchaseId: number, orderId: string | null): CheckoutData => ({
    payment: orderId !== null,
    purchase_id: purchaseId,
    item: item.kind,
    first_name: user.firstName,
    last_name: user.lastName,
    mobile: user.mobile,
    email: user.email,
    course: item.display,
    price: paiseToRupees(breakdown.pricePaise),
    discount: paiseToRupees(breakdown.discountPaise),
    payable_amount: paiseToRupees(amountPaise),
    order_id: orderId,
    amount: amountPaise,
    currency: 'INR',
    key: orderId ? ctx.payments.keyId : null,
    provider: orderId ? ctx.payments.name : 'free',
    merchant_name: ctx.env.APP_NAME,
    checkout_url: orderId && ctx.payments.name === 'sandbox' ? `/sandbox/checkout/${encodeURIComponent(orderId)}` : null,
  });

  const values = {
    userId: user.id,
    courseId: item.kind === 'course' ? item.courseId : null,
    batchId: item.kind === 'batch' ? item.batchId : null,
    offerCodeId: code?.id ?? null,
    pricePaise: breakdown.pricePaise,
    discountPaise: breakdown.pricePaise - amountPaise,
    amountPaise,
    currency: 'INR',
    createdAt: ctx.now(),
  };

  if (amountPaise === 0) {
    try {
      const purchaseId = await ctx.db.transaction(async (tx) => {
        const [row] = await tx.insert(purchases).values({ ...values, provider: 'free' }).returning({ id: purchases.id });
        await markPurchasePaid(tx, ctx, { purchaseId: row!.id, payment: { paymentId: null, amountPaise: 0, currency: 'INR' } });
        return row!.id;
      });
      return answer(purchaseId, null);
    } catch (error) {
      if (isUniqueViolation(error, 'purchases_one_paid_course') || isUniqueViolation(error, 'purchases_one_paid_batch')) {
        throw AppError.badRequest(alreadyOwned);
      }
      throw error;
    }
  }

  if (amountPaise < MIN_PROVIDER_AMOUNT_PAISE) throw AppError.badRequest(checkoutMessages.amountBelowMinimum);

  const reusable = await findReusablePending(ctx, { userId: user.id, item, code, amountPaise });
  if (reusable) return answer(reusable.id, reusable.orderId);

  let orderId: string;
  try {
    ({ orderId } = await ctx.payments.createOrder({ amountPaise, receipt: `u${user.id}-${randomString('abcdefghijkmnpqrstuvwxyz23456789', 12)}` }));
  } catch (error) {
    options.log?.error({ err: error }, 'payment provider refused to create an order');
    throw AppError.badRequest(checkoutMessages.providerUnavailable);
  }
  const [row] = await ctx.db
    .insert(purchases)
    .values({ ...values, provider: ctx.payments.name, providerOrderId: orderId })
    .returning({ id: purchases.id });
  return answer(row!.id, orderId);
}

/** The learner's recent pending checkout of the same item on the same terms, if any. */
async function findReusablePending(
  ctx: AppContext,
  options: { userId: number; item: CheckoutItem; code: UsableOfferCode | null; amountPaise: number },
): Promise<{ id: number; orderId: string } | null> {
  const since = new Date(ctx.now().getTime() - REUSE_PENDING_MINUTES * 60_000);
  const [row] = await ctx.db
    .select({ id: purchases.id, orderId: purchases.providerOrderId })
    .from(purchases)
    .where(and(
      eq(purchases.userId, options.userId),
      itemColumn(options.item),
      eq(purchases.status, 'pending'),
      eq(purchases.provider, ctx.payments.name),
      isNotNull(purchases.providerOrderId),
      eq(purchases.amountPaise, options.amountPaise),
      options.code ? eq(purchases.offerCodeId, options.code.id) : isNull(purchases.offerCodeId),
      gt(purchases.createdAt, since),
    ))
    .orderBy(desc(purchases.createdAt))
    .limit(1);
  return row?.orderId ? { id: row.id, orderId: row.orderId } : null;
}
