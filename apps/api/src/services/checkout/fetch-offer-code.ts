import { paiseToRupees, type OfferCodeData, type OfferCodeTarget } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { AuthUser } from '../accounts/index.ts';
import { findOwnBatch } from '../onboarding/index.ts';
import { assertOfferCodeFits, findUsableOfferCode } from './find-usable-offer-code.ts';

/**
 * GET /fetch-code/{code}: the code as the checkout page runs the discount rule with it. With `for`
 * (what the page buys: a course, or the learner's batch fee) a code that belongs elsewhere is refused
 * here rather than at Pay Now.
 */
export async function fetchOfferCode(
  ctx: AppContext,
  options: { code: string; user: AuthUser; ip: string; for?: OfferCodeTarget | undefined },
): Promise<OfferCodeData> {
  const { user } = options;
  const found = await findUsableOfferCode(ctx, {
    code: options.code,
    userId: user.id,
    ip: options.ip,
    now: ctx.now(),
  });
  if (options.for)
    assertOfferCodeFits(found, options.for === 'batch' ? ((await findOwnBatch(ctx.db, user))?.id ?? null) : null);
  return {
    code: found.code,
    is_fixed_amount: found.rule.isFixedAmount,
    // Rupees when fixed; a percentage (basis points / 100) when not.
    discount: found.rule.isFixedAmount ? paiseToRupees(found.rule.discountValue) : found.rule.discountValue / 100,
    minimum_amount: paiseToRupees(found.rule.minimumAmountPaise),
  };
}
