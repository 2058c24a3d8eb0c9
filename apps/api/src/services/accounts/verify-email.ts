import { users } from '@app/db';
import { accountMessages, messages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from './find-user.ts';
import { redeemOtp } from './redeem-otp.ts';

/**
 * POST /verify-email-otp: the signed-in learner proves the mailbox with the code sent to it. The session's copy of the
 * account may be older than a change of email: the code must have been mailed to the address the account has when it
 * is marked verified (redeemOtp, decision 073).
 */
export async function verifyEmail(
  ctx: AppContext,
  options: { user: UserRow; email: string; otp: string },
): Promise<{ email_verified_at: string }> {
  const { user } = options;
  if (user.emailVerifiedAt) throw AppError.badRequest(messages.emailAlreadyVerified);
  if (options.email !== user.email.toLowerCase()) throw AppError.field('email', accountMessages.emailNotYours);
  const { accountAtAddress } = await redeemOtp(ctx, {
    userId: user.id,
    purpose: 'verify_email',
    code: options.otp,
    email: options.email,
  });
  const now = ctx.now();
  const [verified] = await ctx.db
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(accountAtAddress)
    .returning({ id: users.id });
  // The account's email changed after the code was mailed (the session's copy is older): it proved the old address.
  if (!verified) throw AppError.field('otp', messages.otpExpired);
  return { email_verified_at: now.toISOString() };
}
