import { and, eq, isNull } from 'drizzle-orm';
import { emailOtps } from '@app/db';
import { defineJob } from '../../jobs/registry.ts';
import { openMail } from './mailer.ts';

/**
 * Sends one queued mail over SMTP. An SMTP hiccup fails the attempt and the queue retries it after
 * about 5, 10, 20, 40 and 80 seconds (with jitter), within the OTP's 10 minutes; after that the job
 * stays failed for the operator (GET /admin/jobs), its code (if any) is withdrawn, and the learner
 * can ask for a new one at once.
 */
export const mailJob = defineJob('mail', async (ctx, data, run) => {
  try {
    await ctx.mailer.deliver(openMail(ctx.env.APP_SECRET, data));
    ctx.mailer.stats.sent++;
  } catch (error) {
    if (run.retryCount >= run.retryLimit) {
      ctx.mailer.stats.failed++;
      // A code nobody will receive must not hold the next request back for a minute.
      if (data.otpId !== undefined) {
        await ctx.db.delete(emailOtps).where(and(eq(emailOtps.id, data.otpId), isNull(emailOtps.consumedAt)));
      }
    }
    throw error;
  }
}, {
  retryLimit: 5,
  retryDelaySeconds: 5,
  retryBackoff: true,
  // Longer than nodemailer's own worst case (2 min to connect, 10 idle), so a slow attempt is never
  // expired and sent twice.
  expireInSeconds: 15 * 60,
  concurrency: 2,
  // The parts hold codes: the operator sees whom a mail was for and what it was about, never its body.
  summarize: (data) => ({ to: data.to, subject: data.subject, otpId: data.otpId ?? null }),
});
