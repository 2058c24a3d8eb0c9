import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { emailOtps } from '@app/db';
import { messages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { hmacHex } from '../../lib/crypto.ts';
import { OTP_POLICY, type OtpPurpose } from './otp-policy.ts';

/** OTPs are stored as an HMAC under APP_SECRET, bound to the user and the purpose. */
export function hashOtp(ctx: AppContext, options: { userId: number; purpose: OtpPurpose; code: string }): string {
  return hmacHex(ctx.env.APP_SECRET, `${options.purpose}:${options.userId}:${options.code}`);
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Uses up the user's latest OTP of the purpose when `code` matches, or throws a 422 on `otp`.
 * Each wrong try is counted at once (not in the caller's transaction, so it sticks); after
 * OTP_POLICY.maxWrongAttempts the code is void and even the right one is refused.
 */
export async function redeemOtp(ctx: AppContext, options: { userId: number; purpose: OtpPurpose; code: string }): Promise<void> {
  const { userId, purpose } = options;
  const now = ctx.now();
  const [otp] = await ctx.db
    .select()
    .from(emailOtps)
    .where(and(eq(emailOtps.userId, userId), eq(emailOtps.purpose, purpose)))
    .orderBy(desc(emailOtps.id))
    .limit(1);
  if (!otp) throw AppError.field('otp', messages.otpInvalid);

  const isLive = !otp.consumedAt && otp.attempts < OTP_POLICY.maxWrongAttempts && otp.expiresAt > now;
  if (!isLive) throw AppError.field('otp', messages.otpExpired);

  const live = and(
    eq(emailOtps.id, otp.id),
    isNull(emailOtps.consumedAt),
    lt(emailOtps.attempts, OTP_POLICY.maxWrongAttempts),
    gt(emailOtps.expiresAt, now),
  );
  if (!sameHex(otp.codeHash, hashOtp(ctx, options))) {
    await ctx.db.update(emailOtps).set({ attempts: sql`${emailOtps.attempts} + 1` }).where(live);
    throw AppError.field('otp', messages.otpInvalid);
  }
  // Conditional, so two requests racing with the right code cannot both use it.
  const [used] = await ctx.db.update(emailOtps).set({ consumedAt: now }).where(live).returning({ id: emailOtps.id });
  if (!used) throw AppError.field('otp', messages.otpExpired);
}
