import { and, eq, isNull } from 'drizzle-orm';
import { emailOtps } from '@app/db';
import { defineJob } from '../../jobs/registry.ts';
import { claimMailOnce } from './claim-mail-once.ts';
import { openMail } from './mailer.ts';
import { resolveAttachment } from './resolve-attachment.ts';

/**
 * Sends one queued mail over SMTP. An SMTP hiccup fails the attempt and the queue retries it after
 * about 5, 10, 20, 40 and 80 seconds (with jitter), within the OTP's 10 minutes; after that the job
 * stays failed for the operator (GET /admin/jobs), its code (if any) is withdrawn, and the learner
 * can ask for a new one at once.
 *
 * A once-only mail (a receipt) is claimed in sent_mails before anything else: a second job for the
 * same key completes without sending. Attachments are rendered here, at delivery, from their
 * references (the job data never holds a file).
 */
export const mailJob = defineJob(
  'mail',
  async (ctx, data, run) => {
    if (data.onceKey !== undefined && !(await claimMailOnce(ctx.db, { key: data.onceKey, jobId: run.id }))) {
      run.log.info({ job: { id: run.id }, onceKey: data.onceKey }, 'mail already sent by another job; not sent again');
      return;
    }
    try {
      const attachments = await Promise.all((data.attachments ?? []).map((ref) => resolveAttachment(ctx, ref)));
      await ctx.mailer.deliver({
        ...openMail(ctx.env.APP_SECRET, data),
        ...(attachments.length ? { attachments } : {}),
      });
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
  },
  {
    retryLimit: 5,
    retryDelaySeconds: 5,
    retryBackoff: true,
    // Longer than nodemailer's own worst case (2 min to connect, 10 idle), so a slow attempt is never
    // expired and sent twice.
    expireInSeconds: 15 * 60,
    concurrency: 2,
    // The parts hold codes: the operator sees whom a mail was for and what it was about, never its body.
    summarize: (data) => ({
      to: data.to,
      subject: data.subject,
      otpId: data.otpId ?? null,
      onceKey: data.onceKey ?? null,
      attachments: data.attachments?.map((a) => `${a.kind}:${a.purchaseId}`).join(',') ?? null,
    }),
  },
);
