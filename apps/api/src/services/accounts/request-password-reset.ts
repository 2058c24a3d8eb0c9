import type { AppContext } from '../../context.ts';
import { findUserByEmail } from './find-user.ts';
import { issueOtp } from './issue-otp.ts';
import { OTP_POLICY, withAnswerFloor } from './otp-policy.ts';

export interface ResetLog {
  error: (obj: object, msg: string) => void;
}

/**
 * POST /forgot-password-otp: mails a reset code when the account exists. The caller answers the
 * same either way (no account enumeration), so "asked too soon" is silent too, and so is a code
 * that could not be made or queued for mailing (logged). The answer leaves OTP_POLICY.forgotAnswerMs
 * after the request whichever path was taken: a new code and its queued mail (or dev-outbox row) are
 * awaited until then, and anything slower is left to finish after the answer, so its time never
 * shows. SMTP itself runs later, in the mail job.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  options: { email: string; ip: string; log?: ResetLog | undefined },
): Promise<void> {
  await ctx.limits.consume('resetPerIp', options.ip);
  await ctx.limits.consume('resetPerAccount', options.email);
  await ctx.limits.consume('resetPerAccountDaily', options.email);
  await withAnswerFloor(OTP_POLICY.forgotAnswerMs, async (floor) => {
    const user = await findUserByEmail(ctx.db, options.email);
    if (!user || user.erasedAt) return;
    // Refused codes (asked too soon, or too many to the inbox: decision 073) are silent, as an unknown email is.
    const issuing = issueOtp(ctx, { userId: user.id, purpose: 'reset_password' }).then(
      () => undefined,
      (error: unknown) =>
        options.log?.error({ err: error, userId: user.id }, 'password reset code could not be issued or mailed'),
    );
    await Promise.race([issuing, floor]);
  });
}
