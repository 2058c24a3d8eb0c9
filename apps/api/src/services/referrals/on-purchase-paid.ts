import type { Tx } from '@app/db';
import type { AppContext } from '../../context.ts';

export interface PaidPurchase {
  id: number;
  userId: number;
  amountPaise: number;
  paidAt: Date;
}

/**
 * Runs inside the transaction that marks a purchase paid, exactly once per purchase:
 * activates the buyer as a sub-user, credits the referrer's commission and moves levels.
 * (Filled in by the referral network work: issue 5.)
 */
export async function onPurchasePaid(tx: Tx, ctx: AppContext, purchase: PaidPurchase): Promise<void> {
  void tx; void ctx; void purchase;
}
