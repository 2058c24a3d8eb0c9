import type { AppContext } from '../../context.ts';
import { findUserByEmail } from './find-user.ts';
import { issueOtp } from './issue-otp.ts';

/**
 * POST /forgot-password-otp: mails a reset code when the account exists. The caller answers the
 * same either way (no account enumeration), so "asked too soon" is silent too.
 */
export async function requestPasswordReset(ctx: AppContext, options: { email: string; ip: string }): Promise<void> {
  await ctx.limits.consume('resetPerIp', options.ip);
  await ctx.limits.consume('resetPerAccount', options.email);
  const user = await findUserByEmail(ctx.db, options.email);
  if (!user) return;
  await issueOtp(ctx, { user, purpose: 'reset_password' });
}
