import { and, eq, ne, or, sql } from 'drizzle-orm';
import { bankDetails, purchases, users, type Tx } from '@app/db';
import {
  ineligibleReasonText,
  ledgerDescription,
  payoutReason,
  selfReferralReason,
  type SelfReferralReason,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import { releaseHeldCredits } from '../wallet/index.ts';
import { reopenLevelsNoLongerReached, takeBackReferralEarnings } from './take-back-referral-earnings.ts';
import { takeBackLevelRewardShare } from './level-reward-shares.ts';

/** Where a changed identity was saved: bank details, or the profile's mobile or email. */
export type IdentityChange = 'bank_details' | 'profile';

/** A user as the self-referral rule compares them, with their bank details when on file. */
function identityOf(tx: Tx) {
  return tx
    .select({
      id: users.id,
      createdAt: users.createdAt,
      referrerId: users.referrerId,
      referralStatus: users.referralStatus,
      emailCanonical: users.emailCanonical,
      mobile: users.mobile,
      accountNumberHash: bankDetails.accountNumberHash,
      panCard: bankDetails.panCard,
    })
    .from(users)
    .leftJoin(bankDetails, eq(bankDetails.userId, users.id));
}
type Identity = Awaited<ReturnType<ReturnType<typeof identityOf>['where']>>[number];

/**
 * The self-referral rule checked again when a user's identity changes (bank details saved, mobile or
 * email changed), inside the transaction that saves it: against their referrer, and against each of
 * their own direct sub-users. The purchase-time check alone let a referrer and a made-up sub-user add
 * the same bank account after the sub-user's purchase, once the commission was Done, and withdraw it.
 *
 * Against their own sub-users, only what money is paid to counts (the same bank account or PAN): a referrer who makes
 * their own mobile or email a sub-user's gains nothing by it, and the Users page, which shows the sub-user rejected
 * with the reason, would otherwise tell them whether a guessed mobile is a child's (decision 057). Bank details
 * cannot be tried over and over for the same reason (bankDetailsSavesPerUser).
 *
 * A match makes that sub-user 'rejected' with the reason (the referrer sees them as not eligible), is
 * audited, and takes back what the sub-user's purchases earned the referrer, as a refund does: held
 * commissions cancelled, Done commissions and level rewards taken back never below zero, and a held
 * level reward whose window no longer has enough sub-users cancelled with its level reopened.
 *
 * Rows are locked referrer first, then the sub-user, as purchases lock them.
 */
export async function reviewSelfReferrals(
  tx: Tx,
  ctx: AppContext,
  options: { userId: number; change: IdentityChange },
): Promise<void> {
  const [person] = await identityOf(tx).where(eq(users.id, options.userId));
  if (!person) return;
  if (person.referrerId !== null && person.referralStatus !== 'rejected') {
    const [referrer] = await identityOf(tx).where(eq(users.id, person.referrerId)).for('no key update', { of: users });
    const reason = referrer ? selfReferralReason(person, referrer) : null;
    if (referrer && reason)
      await rejectSelfReferrals(tx, ctx, { referrer, found: [{ subUser: person, reason }], ...options });
  }

  const matches = or(
    person.accountNumberHash ? eq(bankDetails.accountNumberHash, person.accountNumberHash) : undefined,
    person.panCard ? sql`upper(${bankDetails.panCard}) = ${person.panCard.trim().toUpperCase()}` : undefined,
  );
  if (!matches) return;
  const candidates = await identityOf(tx).where(
    and(eq(users.referrerId, person.id), ne(users.referralStatus, 'rejected'), matches),
  );
  const found = candidates.flatMap((subUser) => {
    const reason = payoutReason(subUser, person);
    return reason ? [{ subUser, reason }] : [];
  });
  if (found.length === 0) return;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, person.id)).for('no key update');
  await rejectSelfReferrals(tx, ctx, { referrer: person, found, ...options });
}

/** Where a sub-user counted before their rejection: their activation and the level they counted for. */
interface CountedAs {
  activatedAt: Date | null;
  countedLevel: number | null;
}

/**
 * Rejects the sign-ups found, audits each, and takes back what each one's purchases earned the referrer (its
 * reason in the reversal's description); the referrer's held credits are released first and their held level
 * rewards counted again last, once for all of them.
 */
async function rejectSelfReferrals(
  tx: Tx,
  ctx: AppContext,
  options: {
    referrer: Identity;
    found: { subUser: { id: number }; reason: SelfReferralReason }[];
    change: IdentityChange;
  },
): Promise<void> {
  const { referrer, change } = options;
  const now = ctx.now();
  const rejected: { id: number; reason: SelfReferralReason; counted: CountedAs }[] = [];
  for (const { subUser, reason } of options.found) {
    // Where they counted, read before it is cleared: a level whose reward is released loses their share below.
    const [counted] = await tx
      .select({ activatedAt: users.activatedAt, countedLevel: users.countedLevel })
      .from(users)
      .where(eq(users.id, subUser.id));
    const [row] = await tx
      .update(users)
      .set({ referralStatus: 'rejected', referralStatusReason: reason, countedLevel: null, updatedAt: now })
      .where(and(eq(users.id, subUser.id), ne(users.referralStatus, 'rejected')))
      .returning({ id: users.id });
    if (!row) continue;
    rejected.push({ id: row.id, reason, counted: counted ?? { activatedAt: null, countedLevel: null } });
    await recordAudit(tx, ctx, {
      actorId: null,
      action: 'referral.self_referral',
      entity: 'users',
      entityId: row.id,
      after: { referrer_id: referrer.id, reason, purchase_id: null, found_on: change },
    });
  }
  if (rejected.length === 0) return;
  // What is due is released first, so that a commission past its window is taken back, not cancelled.
  await releaseHeldCredits(tx, { userId: referrer.id, now });
  for (const { id, reason, counted } of rejected) {
    const bought = await tx
      .select({ id: purchases.id })
      .from(purchases)
      .where(eq(purchases.userId, id))
      .orderBy(purchases.id);
    const why = (transactionId: string) =>
      ledgerDescription('ineligibleReversed', { reason: ineligibleReasonText[reason], id: transactionId });
    await takeBackReferralEarnings(tx, ctx, {
      referrerId: referrer.id,
      purchaseIds: bought.map((p) => p.id),
      why,
      now,
    });
    // Counted for a level whose reward is released (a level held is counted again below): their share of it goes back
    // (decision 075), so a ring does not keep the reward by having its sub-users found out before their chargebacks.
    const first = bought[0];
    if (first && counted.activatedAt)
      await takeBackLevelRewardShare(tx, ctx, {
        referrer,
        subUser: { id, activatedAt: counted.activatedAt, countedLevel: counted.countedLevel },
        purchaseId: first.id,
        why,
        now,
      });
  }
  await reopenLevelsNoLongerReached(tx, { referrer, now });
}
