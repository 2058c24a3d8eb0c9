import { and, eq, sql } from 'drizzle-orm';
import { offerCodes, purchases, type DbOrTx, type Tx } from '@app/db';
import { checkoutMessages } from '@app/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { WriteBatch } from '../database/index.ts';
import { getSetting } from '../settings/index.ts';

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
  return reservationStartAt(now, await getSetting(db, 'offer_reservation_minutes'));
}

export function reservationStartAt(now: Date, reservationMinutes: number): Date {
  return new Date(now.getTime() - reservationMinutes * 60_000);
}

interface UsesOptions {
  code: OfferCodeLimits;
  userId: number;
  item?: PurchaseItem;
  excludePurchaseId?: number;
  now: Date;
}

/**
 * A 400 when the code's total or per-learner limit is reached. A use is a paid purchase with the
 * code or a live reservation: a pending checkout younger than the reservation period. Not counted:
 * the purchase being confirmed (`excludePurchaseId`) and the learner's own other pending checkouts
 * of the same item (a second tab reuses or supersedes them; only one of them can ever be paid).
 * Exact only under the code's row lock (lockOfferCode); without it, a quick answer for the page.
 */
export async function assertOfferCodeUsesLeft(db: DbOrTx, options: UsesOptions): Promise<void> {
  if (!hasUseLimits(options.code)) return;
  const [used] = await usesQuery(db, options, await reservationStart(db, options.now));
  assertUsesLeft(options.code, used);
}

/**
 * assertOfferCodeUsesLeft as part of a batch of writes: the uses are counted by the batch's
 * statement (which must start after the code's row lock was taken) and checked right after it;
 * the 400 then rolls the batch's writes back with the rest of the transaction.
 */
export function addOfferCodeUsesCheck(
  writes: WriteBatch,
  db: DbOrTx,
  options: UsesOptions & { reservationMinutes: number },
): void {
  if (!hasUseLimits(options.code)) return;
  const query = usesQuery(db, options, reservationStartAt(options.now, options.reservationMinutes));
  const used = writes.output(
    sql`(SELECT json_build_object('total', u.total, 'mine', u.mine) FROM ${query} AS u)`,
    (raw) => raw as Uses | null,
  );
  writes.then(async () => assertUsesLeft(options.code, used.value ?? undefined));
}

interface Uses {
  total: number;
  mine: number;
}

function usesQuery(db: DbOrTx, options: UsesOptions, since: Date) {
  const { code, userId, item } = options;
  const sameItemPending = item
    ? sql`(${purchases.status} = 'pending' AND ${purchases.userId} = ${userId} AND ${
        item.courseId !== undefined
          ? sql`${purchases.courseId} = ${item.courseId}`
          : sql`${purchases.batchId} = ${item.batchId}`
      })`
    : sql`false`;
  return db
    .select({
      total: sql<number>`count(*)`.mapWith(Number).as('total'),
      mine: sql<number>`count(*) FILTER (WHERE ${purchases.userId} = ${userId})`.mapWith(Number).as('mine'),
    })
    .from(purchases)
    .where(
      and(
        eq(purchases.offerCodeId, code.id),
        sql`(${purchases.status} = 'paid' OR (${purchases.status} = 'pending' AND ${purchases.createdAt} > ${since}))`,
        sql`${purchases.id} <> ${options.excludePurchaseId ?? 0}`,
        sql`NOT ${sameItemPending}`,
      ),
    );
}

function assertUsesLeft(code: OfferCodeLimits, used: Uses | undefined): void {
  if (code.maxUses !== null && Number(used?.total ?? 0) >= code.maxUses)
    throw new OfferCodeLimitError(checkoutMessages.offerCodeUsedUp);
  if (code.maxUsesPerUser !== null && Number(used?.mine ?? 0) >= code.maxUsesPerUser) {
    throw new OfferCodeLimitError(checkoutMessages.offerCodeUsedByYou);
  }
}

/**
 * Locks the code's row for the rest of the transaction, or answers null when it is gone (an operator deleted it
 * since it was read). `forUses`: exclusively, so its uses are counted and taken one at a time; otherwise a key share,
 * enough to keep it from being deleted under a purchase about to name it (the purchase's own foreign-key check would
 * otherwise wait for the delete and fail).
 */
export async function lockOfferCode(
  tx: Tx,
  codeId: number,
  options: { forUses: boolean },
): Promise<OfferCodeLimits | null> {
  const [row] = await tx
    .select({ id: offerCodes.id, maxUses: offerCodes.maxUses, maxUsesPerUser: offerCodes.maxUsesPerUser })
    .from(offerCodes)
    .where(eq(offerCodes.id, codeId))
    .for(options.forUses ? 'update' : 'key share');
  return row ?? null;
}
