import { and, desc, eq, isNull } from 'drizzle-orm';
import { emailOtps, users } from '@app/db';
import type { AppContext } from '../../context.ts';
import { randomDigits } from '../../lib/crypto.ts';
import { otpMail } from '../mail/index.ts';
import { OTP_POLICY, type OtpPurpose } from './otp-policy.ts';
import { hashOtp } from './redeem-otp.ts';

export interface OtpRecipient {
  id: number;
  email: string;
  firstName: string;
  /** users.language: the mail is written in it. */
  language?: string | null;
}

export type IssueOtpResult = { isSent: true } | { isSent: false; reason: 'too-soon'; retryAfterSeconds: number };

/**
 * Creates a new OTP for the purpose (voiding the older ones) and mails it, unless one was
 * issued less than a minute ago. Callers decide whether "too soon" is an error.
 */
export async function issueOtp(
  ctx: AppContext,
  options: { user: OtpRecipient; purpose: OtpPurpose },
): Promise<IssueOtpResult> {
  const { user, purpose } = options;
  const now = ctx.now();
  const code = randomDigits(OTP_POLICY.digits);

  let retryAfterSeconds: number = OTP_POLICY.resendAfterSeconds;
  const otpId = await ctx.db.transaction(async (tx) => {
    // One issuer at a time per user, so two quick clicks cannot both pass the resend rule.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [last] = await tx
      .select({ createdAt: emailOtps.createdAt })
      .from(emailOtps)
      .where(and(eq(emailOtps.userId, user.id), eq(emailOtps.purpose, purpose)))
      .orderBy(desc(emailOtps.id))
      .limit(1);
    const waitMs = last ? OTP_POLICY.resendAfterSeconds * 1000 - (now.getTime() - last.createdAt.getTime()) : 0;
    if (waitMs > 0) {
      retryAfterSeconds = Math.ceil(waitMs / 1000);
      return null;
    }

    // A new code voids the older ones of the same purpose.
    await tx
      .update(emailOtps)
      .set({ consumedAt: now })
      .where(and(eq(emailOtps.userId, user.id), eq(emailOtps.purpose, purpose), isNull(emailOtps.consumedAt)));
    const [row] = await tx
      .insert(emailOtps)
      .values({
        userId: user.id,
        purpose,
        codeHash: hashOtp(ctx, { userId: user.id, purpose, code }),
        expiresAt: new Date(now.getTime() + OTP_POLICY.ttlMinutes * 60_000),
        createdAt: now,
      })
      .returning({ id: emailOtps.id });
    return row!.id;
  });
  if (otpId === null) return { isSent: false, reason: 'too-soon', retryAfterSeconds };

  try {
    // Queued for SMTP (the mail job withdraws the code if it gives up), or written to the dev outbox.
    await ctx.mailer.send(
      otpMail({
        appName: ctx.env.APP_NAME,
        to: user.email,
        firstName: user.firstName,
        language: user.language,
        code,
        purpose,
        ttlMinutes: OTP_POLICY.ttlMinutes,
      }),
      { otpId, aboutUserId: user.id },
    );
  } catch (error) {
    // A code nobody received must not block the next request for a minute.
    await ctx.db.delete(emailOtps).where(eq(emailOtps.id, otpId));
    throw error;
  }
  return { isSent: true };
}
