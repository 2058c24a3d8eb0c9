import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { users, type DbOrTx } from '@app/db';

/**
 * The one rule on who earns from a sub-user (decision 066): their referrer, while that account is not erased. Nobody
 * can use an erased account's wallet, and the balances owed would carry what it earned for ever, so an erased referrer
 * earns no commission, counts no sub-user for a level and gets no level reward, whatever path counts: a purchase
 * (flipPurchase reads its referrer through this) or an operator releasing a held sign-up (lockEarningReferrer).
 * What it earned before the erasure stays as it was (decision 066: the books stay), and a refund still takes back
 * from it what the refund takes back.
 *
 * A condition on `users` (the referrer's row), for a query that selects it; a fresh SQL each call.
 */
export function earnsFromSubUsers(): SQL {
  return isNull(users.erasedAt);
}

/**
 * The referrer's row locked (FOR NO KEY UPDATE: activations and refunds of their sub-users are counted in turn, as
 * onPurchasePaid locks it), when they may earn from their sub-users; undefined for an erased account (or none). The
 * erasure locks the row FOR UPDATE, so a release waiting on it reads the erasure as committed.
 */
export async function lockEarningReferrer(
  tx: DbOrTx,
  referrerId: number,
): Promise<{ id: number; createdAt: Date } | undefined> {
  const [referrer] = await tx
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.id, referrerId), earnsFromSubUsers()))
    .for('no key update');
  return referrer;
}
