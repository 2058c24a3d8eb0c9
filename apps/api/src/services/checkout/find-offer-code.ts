import { and, count, eq, sql } from 'drizzle-orm';
import { offerCodes, purchases, type DbOrTx } from '@app/db';
import { checkoutMessages, paiseToRupees, type OfferCodeData, type OfferCodeRule } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';

export interface UsableOfferCode {
  id: number;
  code: string;
  rule: OfferCodeRule;
  /** A batch's own code: only for that batch's fee. */
  batchId: number | null;
}

/**
 * An offer code the learner may use now, or a 400 saying why not: unknown or switched off, outside
 * its validity window, or its total or per-learner uses spent. A use is a paid purchase with the
 * code; pending checkouts do not count. Codes are matched case-insensitively.
 */
export async function findUsableOfferCode(
  db: DbOrTx,
  options: { code: string; userId: number; now: Date },
): Promise<UsableOfferCode> {
  const [row] = await db
    .select()
    .from(offerCodes)
    .where(sql`upper(${offerCodes.code}) = ${options.code.trim().toUpperCase()}`)
    .limit(1);
  if (!row || !row.isActive) throw AppError.badRequest(checkoutMessages.offerCodeInvalid);
  if (row.validFrom && options.now < row.validFrom) throw AppError.badRequest(checkoutMessages.offerCodeNotYetValid);
  if (row.validUntil && options.now >= row.validUntil) throw AppError.badRequest(checkoutMessages.offerCodeExpired);

  if (row.maxUses !== null) {
    const [used] = await db
      .select({ n: count() })
      .from(purchases)
      .where(and(eq(purchases.offerCodeId, row.id), eq(purchases.status, 'paid')));
    if ((used?.n ?? 0) >= row.maxUses) throw AppError.badRequest(checkoutMessages.offerCodeUsedUp);
  }
  if (row.maxUsesPerUser !== null) {
    const [used] = await db
      .select({ n: count() })
      .from(purchases)
      .where(and(eq(purchases.offerCodeId, row.id), eq(purchases.userId, options.userId), eq(purchases.status, 'paid')));
    if ((used?.n ?? 0) >= row.maxUsesPerUser) throw AppError.badRequest(checkoutMessages.offerCodeUsedByYou);
  }
  return {
    id: row.id,
    code: row.code.toUpperCase(),
    rule: { isFixedAmount: row.isFixedAmount, discountValue: row.discountValue, minimumAmountPaise: row.minimumAmountPaise },
    batchId: row.batchId,
  };
}

/** GET /fetch-code/{code}: the code as the checkout page runs the discount rule with it. */
export async function fetchOfferCode(ctx: AppContext, options: { code: string; userId: number }): Promise<OfferCodeData> {
  const found = await findUsableOfferCode(ctx.db, { ...options, now: ctx.now() });
  return {
    code: found.code,
    is_fixed_amount: found.rule.isFixedAmount,
    // Rupees when fixed; a percentage (basis points / 100) when not.
    discount: found.rule.isFixedAmount ? paiseToRupees(found.rule.discountValue) : found.rule.discountValue / 100,
    minimum_amount: paiseToRupees(found.rule.minimumAmountPaise),
  };
}
