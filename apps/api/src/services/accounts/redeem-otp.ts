import { and, desc, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { emailOtps, users } from '@app/db';
import { messages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { hmacHex, secretsEqual } from '../../lib/crypto.ts';
import { ANONYMOUS_PURPOSES, OTP_POLICY, type OtpPurpose } from './otp-policy.ts';

/** No user and no code has this id: an unknown email's search for its code finds none. */
const NO_ID = 0;

/** OTPs are stored as an HMAC under APP_SECRET, bound to the user and the purpose. */
export function hashOtp(ctx: AppContext, options: { userId: number; purpose: OtpPurpose; code: string }): string {
  return hmacHex(ctx.env.APP_SECRET, `${options.purpose}:${options.userId}:${options.code}`);
}

/**
 * Uses up the user's latest OTP of the purpose when `code` matches and it was mailed to `email` (the address the
 * request names), or throws a 422 on `otp`. A code mailed to another address (the account's email changed since) is
 * dead, as a voided one is: a code proves the mailbox it was mailed to and no other (decision 073). Answers the
 * condition that the write the code allows (verify the email, set a password) must carry: the account still has that
 * address, so a change of email that commits in between makes the write match nothing (the caller then refuses the
 * code as expired).
 * Each wrong try is counted at once (not in the caller's transaction, so it sticks); after
 * OTP_POLICY.maxWrongAttempts the code is void and even the right one is refused.
 *
 * Signed-in verification tells a dead code (used, void or past its 10 minutes) as 'expired' at
 * once. The anonymous purposes (ANONYMOUS_PURPOSES: reset password, where `userId` is null for an
 * unknown email) answer every wrong code 'Invalid OTP.', whether there is a code, a live one or a
 * dead one, and run the same statements on each of those paths; only the right code of a dead one
 * answers 'expired', or 'already used' for a used one (its holder has the mailbox, so learns nothing; a reset
 * retried after its first answer was lost on the network is told the code did its work), and only while the wrong tries
 * on it are within the allowance, which dead codes keep counting, so that guessing on a dead code
 * cannot find the account with more than the chance of guessing a live one.
 */
export async function redeemOtp(
  ctx: AppContext,
  options: { userId: number | null; purpose: OtpPurpose; code: string; email: string },
): Promise<{ accountAtAddress: SQL }> {
  const { purpose } = options;
  const userId = options.userId ?? NO_ID;
  const now = ctx.now();
  const given = hashOtp(ctx, { userId, purpose, code: options.code });
  const [otp] = await ctx.db
    .select()
    .from(emailOtps)
    .where(and(eq(emailOtps.userId, userId), eq(emailOtps.purpose, purpose)))
    .orderBy(desc(emailOtps.id))
    .limit(1);
  const isRight = otp !== undefined && secretsEqual(otp.codeHash, given);
  const isForAddress = otp !== undefined && otp.sentTo !== '' && otp.sentTo === options.email.trim().toLowerCase();
  const isLive =
    otp !== undefined &&
    isForAddress &&
    !otp.consumedAt &&
    otp.attempts < OTP_POLICY.maxWrongAttempts &&
    otp.expiresAt > now;
  const live = (id: number) =>
    and(
      eq(emailOtps.id, id),
      isNull(emailOtps.consumedAt),
      lt(emailOtps.attempts, OTP_POLICY.maxWrongAttempts),
      gt(emailOtps.expiresAt, now),
    );
  const countWrongTry = (where: ReturnType<typeof live>) =>
    ctx.db
      .update(emailOtps)
      .set({ attempts: sql`${emailOtps.attempts} + 1` })
      .where(where);

  if (ANONYMOUS_PURPOSES.has(purpose)) {
    if (!isRight) {
      // Counted on any code, live or dead, and run (matching nothing) when there is none.
      await countWrongTry(eq(emailOtps.id, otp?.id ?? NO_ID));
      throw AppError.field('otp', messages.otpInvalid);
    }
    if (!isLive) {
      // The right code, used already: most often a retry whose first answer was lost, the password changed by it.
      const dead = otp.consumedAt ? messages.otpUsed : messages.otpExpired;
      throw AppError.field('otp', otp.attempts <= OTP_POLICY.maxWrongAttempts ? dead : messages.otpInvalid);
    }
  } else {
    if (!otp) throw AppError.field('otp', messages.otpInvalid);
    if (!isLive) throw AppError.field('otp', messages.otpExpired);
    if (!isRight) {
      await countWrongTry(live(otp.id));
      throw AppError.field('otp', messages.otpInvalid);
    }
  }
  // Conditional, so two requests racing with the right code cannot both use it.
  const [used] = await ctx.db
    .update(emailOtps)
    .set({ consumedAt: now })
    .where(live(otp.id))
    .returning({ id: emailOtps.id });
  if (!used) throw AppError.field('otp', messages.otpExpired);
  return { accountAtAddress: and(eq(users.id, otp.userId), sql`lower(${users.email}) = ${otp.sentTo}`)! };
}
