import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { emailOtps, users, type Tx } from '@app/db';
import { canonicalEmail } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomDigits } from '../../lib/crypto.ts';
import { otpMail } from '../mail/index.ts';
import { OTP_POLICY, type OtpPurpose } from './otp-policy.ts';
import { hashOtp } from './redeem-otp.ts';

export type IssueOtpResult =
  { isSent: true } | { isSent: false; reason: 'too-soon' | 'too-many'; retryAfterSeconds: number };

type Refused = Extract<IssueOtpResult, { isSent: false }>;
interface Created {
  otpId: number;
  account: { email: string; firstName: string; language: string };
}

/**
 * Creates a new OTP for the purpose (voiding the older ones) and mails it, unless one was issued less than a minute
 * ago ('too-soon') or the inbox has had its code mails for now ('too-many': codeMailsPerMailbox, decision 073).
 * Callers decide whether either is an error.
 *
 * The code goes to the address the account has under the lock that issues it, never to the caller's copy of the
 * account (a session read before a change of email), and records it (`sent_to`): it proves that mailbox only, so
 * redeemOtp lets it verify or reset the account only while the account still has that address (decision 073).
 * PUT /profile changes the address and voids the codes under the same row lock, so a code is issued either before
 * the change (and voided by it) or after it (and mailed to the new address).
 */
export async function issueOtp(
  ctx: AppContext,
  options: { userId: number; purpose: OtpPurpose },
): Promise<IssueOtpResult> {
  const { userId, purpose } = options;
  const now = ctx.now();
  const code = randomDigits(OTP_POLICY.digits);

  // The inbox whose count this code took, given back if the code is not mailed after all.
  let counted = null as string | null;
  const createCode = async (tx: Tx): Promise<Created | Refused> => {
    // One issuer at a time per user, so two quick clicks cannot both pass the resend rule; and the address is read
    // under the same lock.
    const [account] = await tx
      .select({
        email: users.email,
        sentTo: sql<string>`lower(${users.email})`,
        firstName: users.firstName,
        language: users.language,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!account) throw new Error(`issueOtp: no user ${userId}`);
    const [last] = await tx
      .select({ createdAt: emailOtps.createdAt })
      .from(emailOtps)
      .where(and(eq(emailOtps.userId, userId), eq(emailOtps.purpose, purpose)))
      .orderBy(desc(emailOtps.id))
      .limit(1);
    const waitMs = last ? OTP_POLICY.resendAfterSeconds * 1000 - (now.getTime() - last.createdAt.getTime()) : 0;
    if (waitMs > 0) return { isSent: false, reason: 'too-soon', retryAfterSeconds: Math.ceil(waitMs / 1000) };
    const mailbox = canonicalEmail(account.email);
    const retryAfterSeconds = await countCodeMail(ctx, mailbox);
    if (retryAfterSeconds !== null) return { isSent: false, reason: 'too-many', retryAfterSeconds };
    counted = mailbox;

    // A new code voids the older ones of the same purpose.
    await tx
      .update(emailOtps)
      .set({ consumedAt: now })
      .where(and(eq(emailOtps.userId, userId), eq(emailOtps.purpose, purpose), isNull(emailOtps.consumedAt)));
    const [row] = await tx
      .insert(emailOtps)
      .values({
        userId,
        purpose,
        codeHash: hashOtp(ctx, { userId, purpose, code }),
        sentTo: account.sentTo,
        expiresAt: new Date(now.getTime() + OTP_POLICY.ttlMinutes * 60_000),
        createdAt: now,
      })
      .returning({ id: emailOtps.id });
    return { otpId: row!.id, account };
  };
  let issued: Created | Refused;
  try {
    issued = await ctx.db.transaction(createCode);
  } catch (error) {
    if (counted !== null) await giveBackCodeMail(ctx, counted);
    throw error;
  }
  if ('isSent' in issued) return issued;

  const { otpId, account } = issued;
  try {
    // Queued for SMTP (the mail job withdraws the code if it gives up), or written to the dev outbox.
    await ctx.mailer.send(
      otpMail({
        appName: ctx.env.APP_NAME,
        to: account.email,
        firstName: account.firstName,
        language: account.language,
        code,
        purpose,
        ttlMinutes: OTP_POLICY.ttlMinutes,
      }),
      { otpId, aboutUserId: userId },
    );
  } catch (error) {
    // A code nobody received must not block the next request for a minute, nor count against the inbox.
    await ctx.db.delete(emailOtps).where(eq(emailOtps.id, otpId));
    if (counted !== null) await giveBackCodeMail(ctx, counted);
    throw error;
  }
  return { isSent: true };
}

/**
 * Counts one code mail to the inbox (its canonical address) in the hour and in the day; answers null, or the seconds
 * to wait when either is used up (and then counts neither).
 */
async function countCodeMail(ctx: AppContext, mailbox: string): Promise<number | null> {
  const waitOf = (error: unknown): number => {
    if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') return error.retryAfterSeconds ?? 60;
    throw error;
  };
  try {
    await ctx.limits.consume('codeMailsPerMailbox', mailbox);
  } catch (error) {
    return waitOf(error);
  }
  try {
    await ctx.limits.consume('codeMailsPerMailboxDaily', mailbox);
  } catch (error) {
    await ctx.limits.giveBack('codeMailsPerMailbox', mailbox);
    return waitOf(error);
  }
  return null;
}

async function giveBackCodeMail(ctx: AppContext, mailbox: string): Promise<void> {
  await ctx.limits.giveBack('codeMailsPerMailbox', mailbox);
  await ctx.limits.giveBack('codeMailsPerMailboxDaily', mailbox);
}
