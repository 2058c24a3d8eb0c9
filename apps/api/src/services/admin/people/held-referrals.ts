import { and, asc, count, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { purchases, users, type Tx } from '@app/db';
import {
  adminMessages,
  type HeldReferral,
  type IneligibleReason,
  type Page,
  type ReferralDecisionData,
} from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/index.ts';
import { advanceLevel } from '../../levels/index.ts';
import { activatesSql, lockEarningReferrer } from '../../referrals/index.ts';
import { getSettings } from '../../settings/index.ts';
import { pageOf } from '../page-of.ts';

const referrers = alias(users, 'referrers');
const OPERATOR_REASON: IneligibleReason = 'operator';

/** GET /admin/referrals/held: sign-ups the per-address rule held for review, oldest first. */
export async function listHeldReferrals(
  ctx: AppContext,
  options: { page: number; perPage: number },
): Promise<Page<HeldReferral>> {
  const isHeld = eq(users.referralStatus, 'held');
  const [[total], rows] = await Promise.all([
    ctx.db.select({ n: count() }).from(users).where(isHeld),
    ctx.db
      .select({
        user: users,
        referrer: referrers,
        // Sign-ups with the same referrer and address in the week before this one (what held it).
        signupsFromIp: sql<number>`(select count(*) from referral_signups rs
        where rs.referrer_id = ${users.referrerId} and rs.ip = ${users.signupIp}
          and rs.created_at > ${users.createdAt} - interval '7 days' and rs.created_at <= ${users.createdAt})`.mapWith(
          Number,
        ),
      })
      .from(users)
      .leftJoin(referrers, eq(referrers.id, users.referrerId))
      .where(isHeld)
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
  ]);
  return pageOf(
    rows.map(({ user, referrer, signupsFromIp }) => ({
      user: {
        id: user.id,
        name: `${user.firstName} ${user.lastName}`,
        email: user.email,
        referral_code: user.referralCode,
      },
      referrer: referrer
        ? {
            id: referrer.id,
            name: `${referrer.firstName} ${referrer.lastName}`,
            email: referrer.email,
            referral_code: referrer.referralCode,
          }
        : null,
      signup_ip: user.signupIp,
      signups_from_ip: signupsFromIp,
      is_active: user.activatedAt !== null,
      created_at: user.createdAt.toISOString(),
    })),
    total?.n ?? 0,
    options,
  );
}

/**
 * POST /admin/referrals/{userId}/release | reject: a held sign-up becomes 'released' (it counts
 * for the referrer's levels, and their future purchases earn commission) or 'rejected' (never; the
 * referrer sees them as not eligible, with the operator's reason unless one was already stored).
 * Releasing a sub-user who is already active counts them at once: the referrer's level is
 * re-counted (advanceLevel, under the referrer's row lock, as a new activation is), which credits
 * the level reward if this completes it; unless the referrer's account was erased, which earns nothing
 * (lockEarningReferrer, decision 066): the release is recorded, counted for nobody. Their activation must fall in the referrer's current
 * window to count, as any sub-user's must; commission on purchases made while held is not paid
 * afterwards.
 */
export async function decideHeldReferral(
  ctx: AppContext,
  options: { actorId: number; userId: number; decision: 'released' | 'rejected' },
): Promise<ReferralDecisionData> {
  const { userId, decision } = options;
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, referrerId: users.referrerId, activatedAt: users.activatedAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw AppError.notFound(adminMessages.userNotFound);
    // Lock the referrer first, as onPurchasePaid does, so a purchase landing now is counted after us. An erased
    // referrer earns nothing from the release (no count, no level reward), as from a purchase (decision 066).
    const referrer = user.referrerId ? await lockEarningReferrer(tx, user.referrerId) : undefined;
    const [changed] = await tx
      .update(users)
      .set({
        referralStatus: decision,
        // The referrer is told why (ineligibleReasonText), keeping a reason already found.
        ...(decision === 'rejected' && {
          referralStatusReason: sql`coalesce(${users.referralStatusReason}, ${OPERATOR_REASON})`,
        }),
        updatedAt: ctx.now(),
      })
      .where(and(eq(users.id, userId), eq(users.referralStatus, 'held')))
      .returning({ activatedAt: users.activatedAt });
    if (!changed) throw AppError.badRequest(adminMessages.notHeld);

    let levelAchieved: string | null = null;
    const activatedBy =
      decision === 'released' && changed.activatedAt !== null && referrer !== undefined
        ? await activatingPurchase(tx, userId, changed.activatedAt)
        : undefined;
    const isCountedNow = activatedBy !== undefined;
    if (activatedBy) {
      const advance = await advanceLevel(tx, {
        referrer: referrer!,
        subUserId: userId,
        now: ctx.now(),
        earnedByPurchaseId: activatedBy.id,
      });
      levelAchieved = advance.achieved?.name ?? null;
    }
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: decision === 'released' ? 'referral.release' : 'referral.reject',
      entity: 'users',
      entityId: userId,
      before: { referral_status: 'held' },
      after: { referral_status: decision, counted_now: isCountedNow, level_achieved: levelAchieved },
    });
    return { user_id: userId, referral_status: decision, counted_now: isCountedNow, level_achieved: levelAchieved };
  });
}

/**
 * The purchase that made a sub-user active: their first one paid, not refunded, that activates (above zero and at
 * least the level minimum purchase: a cheaper one made nobody active), else, when the minimum was raised after it, the
 * first one paid above zero by the time they became active. A level reward their release completes belongs to it, so
 * that its refund takes the reward back, as it does for a reward completed by a purchase itself.
 */
async function activatingPurchase(tx: Tx, userId: number, activatedAt: Date) {
  const settings = await getSettings(tx, ['level_min_purchase_paise']);
  const first = (where: SQL) =>
    tx
      .select({ id: purchases.id })
      .from(purchases)
      .where(and(eq(purchases.userId, userId), eq(purchases.status, 'paid'), where))
      .orderBy(asc(purchases.paidAt), asc(purchases.id))
      .limit(1);
  const [meets] = await first(activatesSql(purchases.amountPaise, settings));
  if (meets) return meets;
  const [before] = await first(and(gt(purchases.amountPaise, 0), lte(purchases.paidAt, activatedAt))!);
  return before;
}
