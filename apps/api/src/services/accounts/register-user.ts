import { and, eq, gt } from 'drizzle-orm';
import { referralSignups, users, type Tx } from '@app/db';
import { canonicalEmail, messages, selfReferralReason, type AuthData, type registerBodyServer } from '@app/contracts';
import type { z } from 'zod';
import type { Language } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { subscriberNetwork } from '../../lib/subscriber-network.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { isUniqueViolation } from '../../lib/postgres-error.ts';
import { recordAudit } from '../audit/index.ts';
import { getSetting } from '../settings/index.ts';
import { findUserByEmail, findUserByReferralCode, type UserRow } from './find-user.ts';
import { issueToken } from './issue-token.ts';
import { withFreshReferralCode } from './with-fresh-referral-code.ts';

export type RegisterInput = z.output<typeof registerBodyServer>;

/** A sign-up sent again this soon after the account was made, with the same details, is a retry (see below). */
const RETRY_WINDOW_MS = 15 * 60_000;

/**
 * A Register whose answer was lost on the way (patchy 4G) and is sent again finds its own account: the same email,
 * names, mobile and referrer, made in the last 15 minutes and not yet verified. With the same password (checked as a
 * sign-in is, and counted against the account's failures when wrong) it is answered as the first one was, with a
 * new session, instead of 'This email is already registered.' and no way in but the sign-in page.
 */
async function answerRetriedSignUp(
  ctx: AppContext,
  existing: UserRow,
  input: RegisterInput,
  referrerId: number | null,
): Promise<{ auth: AuthData; userId: number } | null> {
  const isSameSignUp =
    existing.emailVerifiedAt === null &&
    ctx.now().getTime() - existing.createdAt.getTime() <= RETRY_WINDOW_MS &&
    existing.firstName === input.first_name &&
    existing.lastName === input.last_name &&
    existing.mobile === input.mobile &&
    existing.referrerId === referrerId;
  if (!isSameSignUp) return null;
  // Counted before the verify, as a sign-in is (decision 064); the right password gives the point back.
  await ctx.limits.consume('loginFailuresPerAccount', input.email);
  if (!(await verifyPassword(existing.passwordHash, input.password))) return null;
  await ctx.limits.giveBack('loginFailuresPerAccount', input.email);
  const token = await issueToken(ctx.db, existing.id, ctx.now());
  const auth = {
    token,
    first_name: existing.firstName,
    last_name: existing.lastName,
    profile_photo_path: existing.profilePhotoPath,
  };
  return { auth, userId: existing.id };
}

/** Sign-ups through one code from one address in this window count towards the hold rule. */
const HOLD_WINDOW_MS = 7 * 86_400_000;

/**
 * Fraud rule of issue 5: once a code has brought `referral_hold_signups_per_ip_week` sign-ups from one address (an
 * IPv4 address, or an IPv6 /64: subscriberNetwork) in a week, further sign-ups from there are held for review instead
 * of counted.
 */
async function referralStatusFor(
  tx: Tx,
  options: { referrerId: number; ip: string; now: Date },
): Promise<'counted' | 'held'> {
  // Serialises sign-ups through the same code, so a burst cannot all see a low count.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, options.referrerId)).for('update');
  const since = new Date(options.now.getTime() - HOLD_WINDOW_MS);
  // "One address" is one subscriber's network (an IPv6 /64), compared here rather than in SQL so that one function
  // says what it is; a code's sign-ups of one week are few.
  const recent = await tx
    .select({ ip: referralSignups.ip })
    .from(referralSignups)
    .where(and(eq(referralSignups.referrerId, options.referrerId), gt(referralSignups.createdAt, since)));
  const network = subscriberNetwork(options.ip);
  const fromThere = recent.filter((signup) => subscriberNetwork(signup.ip) === network).length;
  return fromThere >= (await getSetting(tx, 'referral_hold_signups_per_ip_week')) ? 'held' : 'counted';
}

/**
 * Creates the account (and its referral sign-up), and signs it in. A sign-up with the referrer's
 * own mobile or mailbox (canonical email) is a self-referral found at once: it still registers,
 * but is marked 'rejected' with the reason and audited, as onPurchasePaid does for one found later
 * (bank details only exist after registration).
 */
export async function registerUser(
  ctx: AppContext,
  options: { input: RegisterInput; ip: string; language?: Language },
): Promise<{ auth: AuthData; userId: number }> {
  const { input, ip } = options;
  await ctx.limits.consume('registerPerIp', ip);

  const refCode = input.ref_user || null;
  const referrer = refCode ? await findUserByReferralCode(ctx.db, refCode) : null;
  const errors: Record<string, string[]> = {};
  if (refCode && !referrer) errors.ref_user = [messages.invalidReferral];
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing && !errors.ref_user) {
    const retried = await answerRetriedSignUp(ctx, existing, input, referrer?.id ?? null);
    if (retried) return retried;
  }
  if (existing) errors.email = [messages.emailTaken];
  const [firstError] = Object.values(errors);
  if (firstError) throw new AppError('VALIDATION', firstError[0]!, { errors });

  const selfReferral = referrer
    ? selfReferralReason(
        { emailCanonical: canonicalEmail(input.email), mobile: input.mobile },
        { emailCanonical: referrer.emailCanonical, mobile: referrer.mobile },
      )
    : null;
  const passwordHash = await hashPassword(input.password);
  try {
    return await withFreshReferralCode((referralCode) =>
      ctx.db.transaction(async (tx) => {
        const now = ctx.now();
        const referralStatus = selfReferral
          ? 'rejected'
          : referrer
            ? await referralStatusFor(tx, { referrerId: referrer.id, ip, now })
            : 'counted';
        const [user] = await tx
          .insert(users)
          .values({
            firstName: input.first_name,
            lastName: input.last_name,
            email: input.email,
            emailCanonical: canonicalEmail(input.email),
            mobile: input.mobile,
            passwordHash,
            referralCode,
            referrerId: referrer?.id ?? null,
            signupIp: ip,
            // The language the app was in when the learner registered: mails and the app start in it.
            language: options.language ?? 'en',
            referralStatus,
            referralStatusReason: selfReferral,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (referrer) {
          await tx.insert(referralSignups).values({
            referrerId: referrer.id,
            userId: user!.id,
            ip,
            day: now.toISOString().slice(0, 10),
            createdAt: now,
          });
        }
        if (referrer && selfReferral) {
          await recordAudit(tx, ctx, {
            actorId: null,
            action: 'referral.self_referral',
            entity: 'users',
            entityId: user!.id,
            after: { referrer_id: referrer.id, reason: selfReferral, purchase_id: null },
          });
        }
        const token = await issueToken(tx, user!.id, ctx.now());
        const auth = {
          token,
          first_name: user!.firstName,
          last_name: user!.lastName,
          profile_photo_path: user!.profilePhotoPath,
        };
        return { auth, userId: user!.id };
      }),
    );
  } catch (error) {
    // Two sign-ups with one email racing past the check above.
    if (isUniqueViolation(error, 'users_email_lower_key')) throw AppError.field('email', messages.emailTaken);
    throw error;
  }
}
