import { sql } from 'drizzle-orm';
import { offerCodes } from '@app/db';
import { checkoutMessages, type OfferCodeRule } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertOfferCodeUsesLeft, type OfferCodeLimits, type PurchaseItem } from '../purchases/index.ts';

export interface UsableOfferCode extends OfferCodeLimits {
  code: string;
  rule: OfferCodeRule;
  /** A batch's own code: only for that batch's fee. */
  batchId: number | null;
}

/**
 * An offer code the learner may use now, or a 400 saying why not: unknown or switched off, outside
 * its validity window, or its total or per-learner uses spent (paid uses and live reservations,
 * offer-code-uses.ts; checkout counts again under the code's lock). Matched case-insensitively.
 * Unknown codes are counted per account (offerCodeMissesPerAccount) and per network, all its accounts
 * together (offerCodeMissesPerIp: an IPv6 address as its /64): past the account's limit the lookup answers 429,
 * and on a network past its limit each account has one lookup an hour of its own (offerCodeTriesOnSpentNetwork;
 * offerCodeSpentNetworkTriesPerIp bounds those of all the network's accounts together),
 * so a private code (one school's, say) cannot be found by trying words one after another, from one
 * account or from many, and one pupil's word list does not lock the school's other children out of its code.
 * Every route that takes a code (the preview, a course's checkout, the batch fee's) comes through here.
 */
export async function findUsableOfferCode(
  ctx: AppContext,
  options: { code: string; userId: number; ip: string; item?: PurchaseItem; now: Date },
): Promise<UsableOfferCode> {
  const { db } = ctx;
  const account = String(options.userId);
  // Counted before the lookup, so a burst of words sent together cannot all be looked up (decision 064); a code that
  // exists gives its points back. The account first: one already past its own limit spends nothing of its network's.
  await ctx.limits.consume('offerCodeMissesPerAccount', account);
  const giveBackNetworkPoint = await countOnNetwork(ctx, account, options.ip);
  const [row] = await db
    .select()
    .from(offerCodes)
    .where(sql`upper(${offerCodes.code}) = ${options.code.trim().toUpperCase()}`)
    .limit(1);
  if (!row || !row.isActive) throw AppError.badRequest(checkoutMessages.offerCodeInvalid);
  await ctx.limits.giveBack('offerCodeMissesPerAccount', account);
  await giveBackNetworkPoint();
  if (row.validFrom && options.now < row.validFrom) throw AppError.badRequest(checkoutMessages.offerCodeNotYetValid);
  if (row.validUntil && options.now >= row.validUntil) throw AppError.badRequest(checkoutMessages.offerCodeExpired);
  await assertOfferCodeUsesLeft(db, {
    code: row,
    userId: options.userId,
    ...(options.item ? { item: options.item } : {}),
    now: options.now,
  });
  return {
    id: row.id,
    maxUses: row.maxUses,
    maxUsesPerUser: row.maxUsesPerUser,
    code: row.code.toUpperCase(),
    rule: {
      isFixedAmount: row.isFixedAmount,
      discountValue: row.discountValue,
      minimumAmountPaise: row.minimumAmountPaise,
    },
    batchId: row.batchId,
  };
}

/**
 * Counts the lookup against the network's budget or, once that is spent, against the account's one lookup an hour on
 * a spent network (and the network's bound on those); answers how to give the points back (a code that exists). When
 * there is no room, the account's point is given back (nothing was looked up) and the 429 thrown.
 */
async function countOnNetwork(ctx: AppContext, account: string, ip: string): Promise<() => Promise<void>> {
  try {
    try {
      await ctx.limits.consume('offerCodeMissesPerIp', ip);
      return () => ctx.limits.giveBack('offerCodeMissesPerIp', ip);
    } catch (spent) {
      if (!(spent instanceof AppError && spent.code === 'TOO_MANY_REQUESTS')) throw spent;
      await ctx.limits.consume('offerCodeTriesOnSpentNetwork', account);
      try {
        await ctx.limits.consume('offerCodeSpentNetworkTriesPerIp', ip);
      } catch (error) {
        await ctx.limits.giveBack('offerCodeTriesOnSpentNetwork', account);
        throw error;
      }
      return async () => {
        await ctx.limits.giveBack('offerCodeTriesOnSpentNetwork', account);
        await ctx.limits.giveBack('offerCodeSpentNetworkTriesPerIp', ip);
      };
    }
  } catch (error) {
    await ctx.limits.giveBack('offerCodeMissesPerAccount', account);
    throw error;
  }
}

/**
 * A batch's own code fits only that batch's fee; other codes fit courses and batches alike. `batchId`
 * is the batch being paid for, null for a course. One rule for checkout and for the code's preview.
 */
export function assertOfferCodeFits(code: UsableOfferCode, batchId: number | null): void {
  if (code.batchId !== null && code.batchId !== batchId)
    throw AppError.badRequest(checkoutMessages.offerCodeNotForThis);
}
