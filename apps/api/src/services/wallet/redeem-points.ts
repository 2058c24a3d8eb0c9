import { eq } from 'drizzle-orm';
import { users, type Tx } from '@app/db';
import {
  formatInr,
  ledgerDescription,
  paiseToRupees,
  redeemValuePaise,
  walletMessages,
  type WalletSummary,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { releaseHeldCredits } from './held-credits.ts';
import { convertValuePaise } from './get-convert-value.ts';
import { postEntry } from './post-entry.ts';
import { payDebtsFromEarnings } from './recover-shortfalls.ts';

/**
 * POST /redeem-point: 1 <= point <= points held (held credits not yet released are not); the points go and point × convert_value rupees
 * come in, as one 'Point Redeem' entry. Runs in the caller's (idempotent) transaction.
 */
export async function redeemPoints(
  tx: Tx,
  ctx: AppContext,
  options: { userId: number; point: number },
): Promise<WalletSummary> {
  const { userId, point } = options;
  await releaseHeldCredits(tx, { userId, now: ctx.now() });
  const [user] = await tx.select({ points: users.points }).from(users).where(eq(users.id, userId));
  if (!user || point > user.points) throw AppError.field('point', walletMessages.pointAboveHeld);
  const rate = await convertValuePaise(tx);
  const entry = await postEntry(tx, {
    userId,
    method: 'Point Redeem',
    amountPaise: redeemValuePaise(point, rate),
    points: -point,
    status: 'Done',
    description: ledgerDescription(point === 1 ? 'pointRedeemed' : 'pointsRedeemed', {
      points: point,
      rate: formatInr(paiseToRupees(rate)),
    }),
    at: ctx.now(),
  });
  // The points' rupees are earnings: they pay what the learner owes first (decision 068).
  const paidPaise = await payDebtsFromEarnings(tx, { userId, at: ctx.now() });
  return { points: entry.points, balance: paiseToRupees(entry.balancePaise - paidPaise) };
}
