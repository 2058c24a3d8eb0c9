import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { purchases, type Tx } from '@app/db';
import {
  checkoutMessages,
  paiseToRupees,
  priceBreakdown,
  providerAmountPaise,
  type CheckoutData,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomString } from '../../lib/crypto.ts';
import type { AuthUser } from '../accounts/index.ts';
import type { PaymentLog } from '../payments/index.ts';
import {
  isAlreadyOwnedViolation,
  markPurchasePaid,
  assertOfferCodeUsesLeft,
  hasUseLimits,
  lockOfferCode,
  reservationStart,
  type PurchaseItem,
} from '../purchases/index.ts';
import { assertOfferCodeFits, findUsableOfferCode, type UsableOfferCode } from './find-usable-offer-code.ts';

/** The smallest amount card providers charge (Razorpay: INR 1.00). */
export const MIN_PROVIDER_AMOUNT_PAISE = 100;

/** What is being bought: a course, or the learner's batch fee. */
export type CheckoutItem =
  | { kind: 'course'; courseId: number; offerPricePaise: number; display: CheckoutData['course'] }
  | { kind: 'batch'; batchId: number; offerPricePaise: number; display: CheckoutData['course'] };

const itemColumn = (item: CheckoutItem) =>
  item.kind === 'course' ? eq(purchases.courseId, item.courseId) : eq(purchases.batchId, item.batchId);

/**
 * The checkout path shared by POST /checkout and POST /first-payment. The server prices the item
 * itself with the shared discount rule; a zero amount is paid at once, anything else becomes a
 * pending purchase with a provider order that /pay-now, the webhook or the reconciler completes.
 */
export async function startCheckout(
  ctx: AppContext,
  options: {
    user: AuthUser;
    item: CheckoutItem;
    offerCode: string | null;
    /** The learner's address: unknown offer codes are counted per network too (find-usable-offer-code.ts). */
    ip: string;
    log?: PaymentLog;
  },
): Promise<CheckoutData> {
  const { user, item } = options;
  const alreadyOwned =
    item.kind === 'course' ? checkoutMessages.courseAlreadyBought : checkoutMessages.batchAlreadyPaid;

  const code = options.offerCode
    ? await findUsableOfferCode(ctx, {
        code: options.offerCode,
        userId: user.id,
        ip: options.ip,
        item: purchaseItem(item),
        now: ctx.now(),
      })
    : null;
  if (code) assertOfferCodeFits(code, item.kind === 'batch' ? item.batchId : null);
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
    checkout_url:
      orderId && ctx.payments.name === 'sandbox' ? `/sandbox/checkout/${encodeURIComponent(orderId)}` : null,
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
  if (amountPaise > 0 && amountPaise < MIN_PROVIDER_AMOUNT_PAISE)
    throw AppError.badRequest(checkoutMessages.amountBelowMinimum);

  // The purchase is written before the provider is asked for an order: with a limited offer code
  // it is the code's reservation, counted under the code's row lock so parallel checkouts take the
  // uses one at a time. A zero amount is paid in the same transaction.
  let reserved: { id: number; orderId: string | null };
  try {
    reserved = await ctx.db.transaction(async (tx) => {
      if (code) {
        // Exclusively when its uses are counted, or when this free purchase is paid below (the payment locks it so).
        const limits = await lockOfferCode(tx, code.id, { forUses: hasUseLimits(code) || amountPaise === 0 });
        if (!limits) throw AppError.badRequest(checkoutMessages.offerCodeInvalid);
        if (hasUseLimits(code))
          await assertOfferCodeUsesLeft(tx, {
            code: limits,
            userId: user.id,
            item: purchaseItem(item),
            now: ctx.now(),
          });
      }
      if (amountPaise === 0) {
        const [row] = await tx
          .insert(purchases)
          .values({ ...values, provider: 'free' })
          .returning({ id: purchases.id });
        await markPurchasePaid(tx, ctx, {
          purchaseId: row!.id,
          payment: { paymentId: null, amountPaise: 0, currency: 'INR' },
        });
        return { id: row!.id, orderId: null };
      }
      const reusable = await findReusablePending(tx, ctx, { userId: user.id, item, code, amountPaise });
      if (reusable) return reusable;
      const [row] = await tx
        .insert(purchases)
        .values({ ...values, provider: ctx.payments.name })
        .returning({ id: purchases.id });
      return { id: row!.id, orderId: null };
    });
  } catch (error) {
    if (isAlreadyOwnedViolation(error)) {
      throw AppError.badRequest(alreadyOwned);
    }
    throw error;
  }
  if (amountPaise === 0 || reserved.orderId) return answer(reserved.id, reserved.orderId);

  let orderId: string;
  try {
    ({ orderId } = await ctx.payments.createOrder({
      amountPaise,
      receipt: `u${user.id}-${randomString('abcdefghijkmnpqrstuvwxyz23456789', 12)}`,
    }));
  } catch (error) {
    options.log?.error({ err: error }, 'payment provider refused to create an order');
    // Gives the reservation back at once.
    await ctx.db
      .update(purchases)
      .set({ status: 'failed' })
      .where(and(eq(purchases.id, reserved.id), eq(purchases.status, 'pending')));
    throw AppError.badRequest(checkoutMessages.providerUnavailable);
  }
  await ctx.db.update(purchases).set({ providerOrderId: orderId }).where(eq(purchases.id, reserved.id));
  return answer(reserved.id, orderId);
}

function purchaseItem(item: CheckoutItem): PurchaseItem {
  return item.kind === 'course' ? { courseId: item.courseId } : { batchId: item.batchId };
}

/** The learner's recent pending checkout of the same item on the same terms, if any. */
async function findReusablePending(
  tx: Tx,
  ctx: AppContext,
  options: { userId: number; item: CheckoutItem; code: UsableOfferCode | null; amountPaise: number },
): Promise<{ id: number; orderId: string } | null> {
  const since = await reservationStart(tx, ctx.now());
  const [row] = await tx
    .select({ id: purchases.id, orderId: purchases.providerOrderId })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, options.userId),
        itemColumn(options.item),
        eq(purchases.status, 'pending'),
        eq(purchases.provider, ctx.payments.name),
        isNotNull(purchases.providerOrderId),
        eq(purchases.amountPaise, options.amountPaise),
        options.code ? eq(purchases.offerCodeId, options.code.id) : isNull(purchases.offerCodeId),
        gt(purchases.createdAt, since),
      ),
    )
    .orderBy(desc(purchases.createdAt))
    .limit(1);
  return row?.orderId ? { id: row.id, orderId: row.orderId } : null;
}
