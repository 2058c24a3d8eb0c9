import { eq, sql } from 'drizzle-orm';
import { users } from '@app/db';
import { messages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { findUserByEmail } from './find-user.ts';
import { redeemOtp } from './redeem-otp.ts';
import { revokeUserTokens } from './tokens.ts';

/**
 * POST /reset-password: with the mailed code, sets a new password and signs every device out.
 * An unknown email gets the same answer as a wrong code.
 */
export async function resetPassword(ctx: AppContext, options: { email: string; otp: string; password: string; ip: string }): Promise<void> {
  await ctx.limits.consume('resetPerIp', options.ip);
  const user = await findUserByEmail(ctx.db, options.email);
  if (!user) throw AppError.field('otp', messages.otpInvalid);
  await redeemOtp(ctx, { userId: user.id, purpose: 'reset_password', code: options.otp });

  const passwordHash = await hashPassword(options.password);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    await tx.update(users).set({
      passwordHash,
      // The code reached this mailbox, which proves it as well as the verification code would.
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    }).where(eq(users.id, user.id));
    await revokeUserTokens(tx, user.id, now);
  });
  await ctx.limits.reset('loginFailuresPerAccount', options.email);
}
