import { sql } from 'drizzle-orm';
import { users } from '@app/db';
import { messages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { findUserByEmail } from './find-user.ts';
import { OTP_POLICY, withAnswerFloor } from './otp-policy.ts';
import { redeemOtp } from './redeem-otp.ts';
import { revokeUserTokens } from './revoke-token.ts';
import { flushMailOutbox, sendPasswordChangedMail } from '../mail/index.ts';

/**
 * POST /reset-password: with the mailed code, sets a new password and signs every device out.
 * An unknown email takes the path of a known one with a wrong code (a search for its code that
 * finds none, a counted try that counts nothing) and gets the same answer; every answer leaves
 * no sooner than OTP_POLICY.resetAnswerMs after the request (docs/product/accounts-and-sign-in.md#no-account-enumeration).
 */
export async function resetPassword(
  ctx: AppContext,
  options: { email: string; otp: string; password: string; ip: string },
): Promise<void> {
  await ctx.limits.consume('resetPerIp', options.ip);
  await withAnswerFloor(OTP_POLICY.resetAnswerMs, async () => {
    const user = await findUserByEmail(ctx.db, options.email);
    const redeemed = await redeemOtp(ctx, {
      userId: user?.id ?? null,
      purpose: 'reset_password',
      code: options.otp,
      email: options.email,
    });
    // Not reached for an unknown email: no code matches a user who does not exist.
    if (!user) throw AppError.field('otp', messages.otpInvalid);

    const passwordHash = await hashPassword(options.password);
    const now = ctx.now();
    await ctx.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(users)
        .set({
          passwordHash,
          // The code reached this mailbox, which proves it as well as the verification code would.
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        // Only while the account still has the address the code was mailed to (decision 073).
        .where(redeemed.accountAtAddress)
        .returning({ id: users.id });
      if (!changed) throw AppError.field('otp', messages.otpExpired);
      await revokeUserTokens(tx, user.id, now);
      await sendPasswordChangedMail(ctx, { user, changedAt: now, within: tx });
    });
    await flushMailOutbox(ctx);
    await ctx.limits.reset('loginFailuresPerAccount', options.email);
  });
}
