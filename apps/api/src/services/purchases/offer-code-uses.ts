import { and, eq, sql } from 'drizzle-orm';
import { offerCodes, purchases, type DbOrTx, type Tx } from '@app/db';
import { checkoutMessages } from '@app/contracts';
import { AppError } from '../../lib/app-error.ts';
import { getSetting } from '../settings/get-setting.ts';

/** The 400 for an offer code whose limit is reached; confirmation tells it from other refusals by its class. */
export class OfferCodeLimitError extends AppError {
  constructor(message: string) {
    super('BAD_REQUEST', message);
  }
}

export interface OfferCodeLimits {
  id: number;
  maxUses: number | null;
  maxUsesPerUser: number | null;
}

/** What is being bought, so the learner's own other checkouts of it are not counted twice. */
export type PurchaseItem = { courseId: number; batchId?: undefined } | { batchId: number; courseId?: undefined };

export function hasUseLimits(code: OfferCodeLimits): boolean {
  return code.maxUses !== null || code.maxUsesPerUser !== null;
}

/** A pending checkout holds its code's use this long after it was started (setting offer_reservation_minutes). */
export async function reservationStart(db: DbOrTx, now: Date): Promise<Date> {
  return new Date(now.getTime() - (await getSetting(db, 'offer_reservation_minutes')) * 60_000);
}

/**
 * A 400 when the code's total or per-learner limit is reached. A use is a paid purchase with the
 * code or a live reservation: a pending checkout younger than the reservation period. Not counted:
 * the purchase being confirmed (`excludePurchaseId`) and the learner's own other pending checkouts
 * of the same item (a second tab reuses or supersedes them; only one of them can ever be paid).
 * Exact only under the code's row lock (lockOfferCode); without it, a quick answer for the page.
 */
export async function assertOfferCodeUsesLeft(
  db: DbOrTx,
  options: { code: OfferCodeLimits; userId: number; item?: PurchaseItem; excludePurchaseId?: number; now: Date },
): Promise<void> {
  const { code, userId, item } = options;
  if (!hasUseLimits(code)) return;
  const since = await reservationStart(db, options.now);
  const sameItemPending = item
    ? sql`(${purchases.status} = 'pending' AND ${purchases.userId} = ${userId} AND ${
      item.courseId !== undefined ? sql`${purchases.courseId} = ${item.courseId}` : sql`${purchases.batchId} = ${item.batchId}`})`
    : sql`false`;
  const [used] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      mine: sql<number>`count(*) FILTER (WHERE ${purchases.userId} = ${userId})`.mapWith(Number),
    })
    .from(purchases)
    .where(and(
      eq(purchases.offerCodeId, code.id),
      sql`(${purchases.status} = 'paid' OR (${purchases.status} = 'pending' AND ${purchases.createdAt} > ${since}))`,
      sql`${purchases.id} <> ${options.excludePurchaseId ?? 0}`,
      sql`NOT ${sameItemPending}`,
    ));
  if (code.maxUses !== null && (used?.total ?? 0) >= code.maxUses) throw new OfferCodeLimitError(checkoutMessages.offerCodeUsedUp);
  if (code.maxUsesPerUser !== null && (used?.mine ?? 0) >= code.maxUsesPerUser) {
    throw new OfferCodeLimitError(checkoutMessages.offerCodeUsedByYou);
  }
}

/** Locks the code's row for the rest of the transaction, so its uses are counted and taken one at a time. */
export async function lockOfferCode(tx: Tx, codeId: number): Promise<OfferCodeLimits | null> {
  const [row] = await tx
    .select({ id: offerCodes.id, maxUses: offerCodes.maxUses, maxUsesPerUser: offerCodes.maxUsesPerUser })
    .from(offerCodes)
    .where(eq(offerCodes.id, codeId))
    .for('update');
  return row ?? null;
}
