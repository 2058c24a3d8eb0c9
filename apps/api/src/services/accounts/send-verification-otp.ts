import { messages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LimitName } from '../../lib/rate-limits.ts';
import type { UserRow } from './find-user.ts';
import { issueOtp } from './issue-otp.ts';

/**
 * GET /send-email-otp: mails a verification code. `isQuiet` (used by add-class) turns "asked
 * too soon" and "too many" into doing nothing, since the learner did not ask for a mail there.
 * Only mails actually sent count against the limits, so clicking 'Resent OTP' during the
 * one-minute wait does not use them up.
 */
export async function sendVerificationOtp(
  ctx: AppContext,
  options: { user: UserRow; ip: string; isQuiet?: boolean },
): Promise<{ isSent: boolean }> {
  const { user, ip, isQuiet = false } = options;
  if (user.emailVerifiedAt) {
    if (isQuiet) return { isSent: false };
    throw AppError.badRequest(messages.emailAlreadyVerified);
  }
  const limits: [LimitName, string][] = [
    ['otpPerIp', ip],
    ['otpPerAccount', String(user.id)],
  ];
  try {
    for (const [name, key] of limits) await ctx.limits.check(name, key);
  } catch (error) {
    if (isQuiet && error instanceof AppError) return { isSent: false };
    throw error;
  }

  const result = await issueOtp(ctx, { userId: user.id, purpose: 'verify_email' });
  if (!result.isSent) {
    if (isQuiet) return { isSent: false };
    // 'too-many': the inbox has had its code mails for now (codeMailsPerMailbox, decision 073).
    const message = result.reason === 'too-soon' ? messages.otpResendTooSoon : messages.tooManyRequests;
    throw new AppError('TOO_MANY_REQUESTS', message, { retryAfterSeconds: result.retryAfterSeconds });
  }
  for (const [name, key] of limits) {
    // The mail is out; a limit passed by a concurrent request shows on the next check instead.
    await ctx.limits.consume(name, key).catch((error: unknown) => {
      if (!(error instanceof AppError)) throw error;
    });
  }
  return { isSent: true };
}
