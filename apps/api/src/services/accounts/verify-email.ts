import { eq } from 'drizzle-orm';
import { users } from '@app/db';
import { accountMessages, messages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from './find-user.ts';
import { redeemOtp } from './redeem-otp.ts';

/** POST /verify-email-otp: the signed-in learner proves the mailbox with the code sent to it. */
export async function verifyEmail(
  ctx: AppContext,
  options: { user: UserRow; email: string; otp: string },
): Promise<{ email_verified_at: string }> {
  const { user } = options;
  if (user.emailVerifiedAt) throw AppError.badRequest(messages.emailAlreadyVerified);
  if (options.email !== user.email.toLowerCase()) throw AppError.field('email', accountMessages.emailNotYours);
  await redeemOtp(ctx, { userId: user.id, purpose: 'verify_email', code: options.otp });
  const now = ctx.now();
  await ctx.db.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
  return { email_verified_at: now.toISOString() };
}
